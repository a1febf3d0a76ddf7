import { ArrowList } from "./arrow-list";
import { Asterisk } from "./asterisk";
import { BlocksWithBackgroundImage } from "./blocks-with-background-image";
import { Card } from "./card";
import { CardsCollection } from "./cards-collection";
import { Carousel } from "./carousel";
import { CarouselItem } from "./carousel-item";
import { CaseDetail } from "./case-detail";
import { Cases } from "./cases";
import { CodeBlock } from "./code-block";
import { Contact } from "./contact";
import { Cta } from "./cta";
import { Customer } from "./customer";
import { CustomerList } from "./customer-list";
import { CustomerQuote } from "./customer-quote";
import { FeatureBenefits } from "./feature-benefits";
import { FullWidthImage } from "./full-width-image";
import { HeroBanner } from "./hero-banner";
import { ImageAsset } from "./image-asset";
import { ImageGroup } from "./image-group";
import { ImageTrio } from "./image-trio";
import { InsightDetail } from "./insight-detail";
import { Insights } from "./insights";
import { LinkedList } from "./linked-list";
import { MultiParagraphsContent } from "./multi-paragraphs-content";
import { Page } from "./page";
import { PageTitle } from "./page-title";
import { RichText } from "./rich-text";
import { Row } from "./row";
import { SbBackground } from "./sb-background";
import { SbGradient } from "./sb-gradient";
import { Sector } from "./sector";
import { Sectors } from "./sectors";
import { ServiceCard } from "./service-card";
import { Services } from "./services";
import { Slogan } from "./slogan";
import { Spacer } from "./spacer";
import { Team } from "./team";
import { TeamImage } from "./team-image";
import { TeamMember } from "./team-member";
import { Text } from "./text";
import { TextBanner } from "./text-banner";
import { TextBlocks } from "./text-blocks";
import { TextCards } from "./text-cards";
import { TwFooter } from "./tw-footer";
import { TwMenu } from "./tw-menu";
import { Vacancies } from "./vacancies";
import { Vacancy } from "./vacancy";
import { VideoAsset } from "./video-asset";
import type { BlockComponent, ComponentName } from "./types";

/**
 * Storyblok component name -> block. A typed, static map: adding a block means adding a line here
 * (and, for a listing block, its query in src/shared/listings/listing-queries.ts). Each key is a component of the
 * content model and its block takes that component's blok (`BlokOf`), nothing looser.
 */
export const registry = {
  ArrowList,
  Asterisk,
  BlocksWithBackgroundImage,
  Card,
  CardsCollection,
  Carousel,
  CarouselItem,
  CaseDetail,
  Cases,
  CodeBlock,
  Contact,
  Cta,
  Customer,
  CustomerList,
  CustomerQuote,
  FeatureBenefits,
  FullWidthImage,
  HeroBanner,
  ImageAsset,
  ImageGroup,
  ImageTrio,
  InsightDetail,
  Insights,
  LinkedList,
  MultiParagraphsContent,
  Page,
  PageTitle,
  RichText,
  Row,
  SbBackground,
  SbGradient,
  Sector,
  Sectors,
  ServiceCard,
  Services,
  Slogan,
  Spacer,
  Team,
  TeamImage,
  TeamMember,
  Text,
  TextBanner,
  TextBlocks,
  TextCards,
  TwFooter,
  TwMenu,
  Vacancies,
  Vacancy,
  VideoAsset,
} satisfies { [N in ComponentName]?: BlockComponent<N> };

export type BlockName = keyof typeof registry;

export function isBlockName(name: string): name is BlockName {
  return Object.hasOwn(registry, name);
}
