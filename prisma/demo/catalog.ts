// A demo goods catalog for the catalog provider: goods of every source (1 Taobao, 2 1688,
// 3 Weidian, 5 JD) with SKUs, prices in CNY cents, stock and sales, and registered images for image
// search (main images, some with a perceptual hash; two Weidian shops sell the same photo, so an
// image search by one finds the other by hash). Safe to run again: goods are upserted by
// (source, goodsId), SKUs by (goods, skuId), images by (goods, URL).
import type { Db } from '../../src/core/db/client';
import { normalizeImageUrl } from '../../src/core/goods/image-url';
import { goodsSourceByCode, type GoodsSourceCode } from '../../src/core/goods/sources';

interface DemoSku {
  skuId: string;
  props: Record<string, string>;
  /** Cents. */
  price: number;
  stock: number;
}

interface DemoGoods {
  source: GoodsSourceCode;
  goodsId: string;
  title: string;
  shopName: string;
  sales: number;
  images: string[];
  skus: DemoSku[];
  /** 64-bit perceptual hash (hex) of the main image, when the importing tool computed one. */
  mainImageHash?: string;
}

const sizes = (skuPrefix: string, price: number, values: string[], stock = 120): DemoSku[] =>
  values.map((size, index) => ({ skuId: `${skuPrefix}${index + 1}`, props: { Size: size }, price, stock: stock - index * 10 }));

export const DEMO_GOODS: readonly DemoGoods[] = [
  // --- 1 Taobao / Tmall ---
  {
    source: 1,
    goodsId: '675330231400',
    title: 'Nike Air Force 1 07 Low White Sneakers 耐克空军一号低帮板鞋',
    shopName: 'Nike官方旗舰店',
    sales: 15230,
    images: [
      'https://img.alicdn.com/imgextra/i1/890482188/O1CN01AF1white_!!890482188.jpg',
      'https://img.alicdn.com/imgextra/i2/890482188/O1CN01AF1side_!!890482188.jpg',
    ],
    skus: [
      { skuId: '5012345678901', props: { Color: 'White', Size: '40' }, price: 74900, stock: 35 },
      { skuId: '5012345678902', props: { Color: 'White', Size: '42' }, price: 74900, stock: 52 },
      { skuId: '5012345678903', props: { Color: 'White', Size: '44' }, price: 76900, stock: 18 },
    ],
    mainImageHash: 'c3e1f0f8781c0e07',
  },
  {
    source: 1,
    goodsId: '692787834585',
    title: 'Oversized Cotton Hoodie Unisex 重磅纯棉连帽卫衣 男女同款',
    shopName: '南巷原创服饰',
    sales: 8420,
    images: ['https://img.alicdn.com/imgextra/i3/2206512345/O1CN01Hoodie01_!!2206512345.jpg'],
    skus: [
      { skuId: '4987001', props: { Color: 'Black', Size: 'M' }, price: 15900, stock: 200 },
      { skuId: '4987002', props: { Color: 'Black', Size: 'L' }, price: 15900, stock: 180 },
      { skuId: '4987003', props: { Color: 'Grey', Size: 'L' }, price: 15900, stock: 95 },
      { skuId: '4987004', props: { Color: 'Grey', Size: 'XL' }, price: 16900, stock: 60 },
    ],
    mainImageHash: '9f8e0c1c3c7e7f3f',
  },
  {
    source: 1,
    goodsId: '612345678901',
    title: 'Xiaomi Redmi Buds 5 Wireless Earbuds 小米红米蓝牙耳机 主动降噪',
    shopName: '小米官方旗舰店',
    sales: 23110,
    images: ['https://img.alicdn.com/imgextra/i4/1714128138/O1CN01Buds5_!!1714128138.jpg'],
    skus: [
      { skuId: '5101001', props: { Color: 'Black' }, price: 19900, stock: 500 },
      { skuId: '5101002', props: { Color: 'White' }, price: 19900, stock: 420 },
      { skuId: '5101003', props: { Color: 'Blue' }, price: 20900, stock: 150 },
    ],
  },
  {
    source: 1,
    goodsId: '678901234567',
    title: 'Straight Leg Denim Jeans Men 男士直筒牛仔裤 宽松百搭',
    shopName: 'Levi\'s官方旗舰店',
    sales: 5640,
    images: ['https://img.alicdn.com/imgextra/i1/2004390000/O1CN01Jeans501_!!2004390000.jpg'],
    skus: sizes('5202', 49900, ['29', '30', '31', '32'], 80),
  },
  {
    source: 1,
    goodsId: '44874008216',
    title: 'Canvas Tote Bag Large 大容量帆布托特包 文艺手提单肩包',
    shopName: '布丁家原创包袋',
    sales: 3120,
    images: ['https://img.alicdn.com/imgextra/i2/1023456789/O1CN01Tote_!!1023456789.jpg'],
    skus: [
      { skuId: '5303001', props: { Color: 'Beige' }, price: 3990, stock: 300 },
      { skuId: '5303002', props: { Color: 'Black' }, price: 3990, stock: 260 },
    ],
  },
  {
    source: 1,
    goodsId: '44392890845',
    title: 'Stainless Steel Vacuum Thermos Cup 500ml 316不锈钢保温杯',
    shopName: '膳魔师官方旗舰店',
    sales: 9870,
    images: ['https://img.alicdn.com/imgextra/i3/1917047079/O1CN01Thermos_!!1917047079.jpg'],
    skus: [
      { skuId: '5404001', props: { Color: 'Silver', Capacity: '500ml' }, price: 12900, stock: 140 },
      { skuId: '5404002', props: { Color: 'Matte Black', Capacity: '500ml' }, price: 13900, stock: 90 },
      { skuId: '5404003', props: { Color: 'Matte Black', Capacity: '750ml' }, price: 16900, stock: 40 },
    ],
  },
  // --- 2 1688 (wholesale) ---
  {
    source: 2,
    goodsId: '654321987012',
    title: 'Blank Cotton T-Shirt Wholesale 230g 纯棉空白T恤 批发定制',
    shopName: '义乌市晨光服饰有限公司',
    sales: 48200,
    images: ['https://cbu01.alicdn.com/img/ibank/O1CN01Tee230_!!2212345678.jpg'],
    skus: [
      { skuId: '4400112233001', props: { Color: 'White', Size: 'M' }, price: 1250, stock: 5000 },
      { skuId: '4400112233002', props: { Color: 'White', Size: 'L' }, price: 1250, stock: 4800 },
      { skuId: '4400112233003', props: { Color: 'Black', Size: 'L' }, price: 1350, stock: 3900 },
    ],
    mainImageHash: 'f0f0e0c0c0e0f0f8',
  },
  {
    source: 2,
    goodsId: '723456789012',
    title: 'Phone Case for iPhone 15 Silicone 液态硅胶手机壳 工厂直销',
    shopName: '深圳市酷壳电子科技',
    sales: 126500,
    images: ['https://cbu01.alicdn.com/img/ibank/O1CN01Case15_!!2201111111.jpg'],
    skus: [
      { skuId: '4400223344001', props: { Model: 'iPhone 15', Color: 'Black' }, price: 680, stock: 20000 },
      { skuId: '4400223344002', props: { Model: 'iPhone 15 Pro', Color: 'Black' }, price: 680, stock: 18000 },
      { skuId: '4400223344003', props: { Model: 'iPhone 15 Pro', Color: 'Lavender' }, price: 720, stock: 9000 },
    ],
  },
  {
    source: 2,
    goodsId: '734567890123',
    title: 'Yoga Mat TPE 6mm Non-slip 瑜伽垫 加厚防滑 批发',
    shopName: '金华市悦动体育用品厂',
    sales: 31800,
    images: ['https://cbu01.alicdn.com/img/ibank/O1CN01YogaMat_!!2209876543.jpg'],
    skus: [
      { skuId: '4400334455001', props: { Color: 'Purple', Thickness: '6mm' }, price: 2890, stock: 1500 },
      { skuId: '4400334455002', props: { Color: 'Green', Thickness: '6mm' }, price: 2890, stock: 1300 },
    ],
  },
  {
    source: 2,
    goodsId: '745678901234',
    title: 'Kids Hoodie Fleece Wholesale 儿童加绒卫衣 秋冬童装批发',
    shopName: '湖州织里童装城',
    sales: 17600,
    images: ['https://cbu01.alicdn.com/img/ibank/O1CN01KidsHoodie_!!2203334444.jpg'],
    skus: sizes('44004455660', 3500, ['110', '120', '130', '140'], 900),
  },
  {
    source: 2,
    goodsId: '756789012345',
    title: 'USB-C Fast Charger 20W PD 快充充电头 厂家批发',
    shopName: '东莞市闪充电子',
    sales: 88900,
    images: ['https://cbu01.alicdn.com/img/ibank/O1CN01PD20W_!!2205556666.jpg'],
    skus: [
      { skuId: '4400556677001', props: { Plug: 'CN', Color: 'White' }, price: 1580, stock: 12000 },
      { skuId: '4400556677002', props: { Plug: 'EU', Color: 'White' }, price: 1680, stock: 8000 },
      { skuId: '4400556677003', props: { Plug: 'US', Color: 'White' }, price: 1680, stock: 7500 },
    ],
  },
  {
    source: 2,
    goodsId: '767890123456',
    title: 'Ceramic Coffee Mug 350ml 陶瓷马克杯 可印logo',
    shopName: '潮州市瓷都陶瓷厂',
    sales: 22400,
    images: ['https://cbu01.alicdn.com/img/ibank/O1CN01Mug350_!!2207778888.jpg'],
    skus: [
      { skuId: '4400667788001', props: { Color: 'White' }, price: 650, stock: 6000 },
      { skuId: '4400667788002', props: { Color: 'Matte Black' }, price: 780, stock: 3500 },
    ],
  },
  // --- 3 Weidian ---
  {
    source: 3,
    goodsId: '7212345678',
    title: 'Retro Basketball Sneakers High Top 复古高帮篮球鞋 男款',
    shopName: 'SneakerLab 球鞋实验室',
    sales: 2150,
    images: ['https://si.geilicdn.com/wdseller1234-retrohigh-001.jpg?w=750&h=750'],
    skus: [
      { skuId: '110001', props: { Color: 'Chicago', Size: '42' }, price: 42900, stock: 12 },
      { skuId: '110002', props: { Color: 'Chicago', Size: '43' }, price: 42900, stock: 9 },
      { skuId: '110003', props: { Color: 'Bred', Size: '43' }, price: 45900, stock: 4 },
    ],
    mainImageHash: 'a5a5c3c3e7e70f0f',
  },
  {
    source: 3,
    goodsId: '7234262753',
    title: 'Retro Basketball Shoes High Top 复古高帮篮球鞋 同款',
    shopName: '潮鞋小铺',
    sales: 1320,
    // The same product photo, re-uploaded by another shop: another URL, the same perceptual hash.
    images: ['https://si.geilicdn.com/wdseller5678-retrohigh-copy.jpg'],
    skus: [
      { skuId: '120001', props: { Color: 'Chicago', Size: '42' }, price: 39900, stock: 20 },
      { skuId: '120002', props: { Color: 'Chicago', Size: '44' }, price: 39900, stock: 15 },
    ],
    mainImageHash: 'a5a5c3c3e7e70f0f',
  },
  {
    source: 3,
    goodsId: '7832622051',
    title: 'Puffer Down Jacket Winter 冬季加厚羽绒服 面包服',
    shopName: 'North Studio 北面工作室',
    sales: 980,
    images: ['https://si.geilicdn.com/wdseller2468-puffer-001.jpg'],
    skus: [
      { skuId: '130001', props: { Color: 'Black', Size: 'M' }, price: 59900, stock: 25 },
      { skuId: '130002', props: { Color: 'Black', Size: 'L' }, price: 59900, stock: 22 },
      { skuId: '130003', props: { Color: 'Cream', Size: 'L' }, price: 61900, stock: 8 },
    ],
  },
  {
    source: 3,
    goodsId: '7345678901',
    title: 'Graphic Print T-Shirt Streetwear 街头印花短袖T恤',
    shopName: 'Vintage Club 古着俱乐部',
    sales: 3460,
    images: ['https://si.geilicdn.com/wdseller1357-graphictee-001.jpg'],
    skus: sizes('14000', 8900, ['S', 'M', 'L', 'XL'], 60),
  },
  {
    source: 3,
    goodsId: '7456789012',
    title: 'Leather Crossbody Bag Mini 真皮迷你斜挎包',
    shopName: 'Atelier 皮具工坊',
    sales: 760,
    images: ['https://si.geilicdn.com/wdseller9753-crossbody-001.jpg'],
    skus: [
      { skuId: '150001', props: { Color: 'Brown' }, price: 32900, stock: 14 },
      { skuId: '150002', props: { Color: 'Black' }, price: 32900, stock: 18 },
    ],
  },
  {
    source: 3,
    goodsId: '7567890123',
    title: 'Silver Chain Necklace 925 Sterling 925纯银锁骨链',
    shopName: '银匠手作',
    sales: 1890,
    images: ['https://si.geilicdn.com/wdseller8642-necklace-001.jpg'],
    skus: [
      { skuId: '160001', props: { Length: '40cm' }, price: 16800, stock: 40 },
      { skuId: '160002', props: { Length: '45cm' }, price: 17800, stock: 35 },
      { skuId: '160003', props: { Length: '50cm' }, price: 18800, stock: 20 },
    ],
  },
  // --- 5 JD (keyword search only) ---
  {
    source: 5,
    goodsId: '100012043978',
    title: 'Apple AirPods Pro 2 USB-C 苹果无线降噪耳机 京东自营',
    shopName: 'Apple产品京东自营旗舰店',
    sales: 203000,
    images: ['https://img14.360buyimg.com/n1/jfs/t1/airpodspro2usbc.jpg'],
    skus: [
      { skuId: '100012043978', props: { Version: 'USB-C' }, price: 179900, stock: 800 },
      { skuId: '100012043979', props: { Version: 'USB-C + AppleCare+' }, price: 203900, stock: 300 },
    ],
  },
  {
    source: 5,
    goodsId: '100038004389',
    title: 'Anker Power Bank 10000mAh 安克充电宝 快充移动电源',
    shopName: 'Anker京东自营官方旗舰店',
    sales: 56000,
    images: ['https://img14.360buyimg.com/n1/jfs/t1/anker10000.jpg'],
    skus: [
      { skuId: '100038004389', props: { Color: 'Black' }, price: 14900, stock: 1200 },
      { skuId: '100038004390', props: { Color: 'White' }, price: 14900, stock: 900 },
    ],
  },
  {
    source: 5,
    goodsId: '100049867512',
    title: 'Logitech MX Master 3S Wireless Mouse 罗技无线鼠标',
    shopName: '罗技京东自营旗舰店',
    sales: 41000,
    images: ['https://img14.360buyimg.com/n1/jfs/t1/mxmaster3s.jpg'],
    skus: [
      { skuId: '100049867512', props: { Color: 'Graphite' }, price: 69900, stock: 400 },
      { skuId: '100049867513', props: { Color: 'Pale Grey' }, price: 69900, stock: 260 },
      { skuId: '100049867514', props: { Color: 'Black' }, price: 72900, stock: 120 },
    ],
  },
  {
    source: 5,
    goodsId: '100056781234',
    title: 'Hoodie Fleece Sweatshirt Men 男士加绒连帽卫衣 京东自营',
    shopName: '京东京造官方旗舰店',
    sales: 12800,
    images: ['https://img14.360buyimg.com/n1/jfs/t1/jdhoodie.jpg'],
    skus: sizes('10005678123', 12900, ['M', 'L', 'XL'], 300),
  },
];

export async function seedDemoCatalog(db: Db): Promise<void> {
  for (const demo of DEMO_GOODS) {
    const source = goodsSourceByCode(demo.source);
    if (!source) throw new Error(`demo goods ${demo.goodsId} has an unknown source ${demo.source}`);
    const fields = {
      title: demo.title,
      images: demo.images,
      price: Math.min(...demo.skus.map((sku) => sku.price)),
      sales: demo.sales,
      shopName: demo.shopName,
      detailUrl: source.detailUrl(demo.goodsId),
    };
    const goods = await db.goods.upsert({
      where: { source_goodsId: { source: demo.source, goodsId: demo.goodsId } },
      create: { source: demo.source, goodsId: demo.goodsId, ...fields },
      update: fields,
    });
    for (const sku of demo.skus) {
      await db.goodsSku.upsert({
        where: { goodsRecordId_skuId: { goodsRecordId: goods.id, skuId: sku.skuId } },
        create: { goodsRecordId: goods.id, ...sku },
        update: { props: sku.props, price: sku.price, stock: sku.stock },
      });
    }
    if (!source.imageSearch) continue;
    for (const [index, image] of demo.images.entries()) {
      const imageUrl = normalizeImageUrl(image);
      if (imageUrl === null) throw new Error(`demo goods ${demo.goodsId} has an unusable image URL ${image}`);
      const perceptualHash = index === 0 ? (demo.mainImageHash ?? null) : null;
      const registered = await db.goodsImage.findFirst({ where: { goodsRecordId: goods.id, imageUrl } });
      if (registered) await db.goodsImage.update({ where: { id: registered.id }, data: { perceptualHash } });
      else await db.goodsImage.create({ data: { goodsRecordId: goods.id, imageUrl, perceptualHash } });
    }
  }
}
