import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { MemoryRouter, Route, Routes, useNavigate } from '../../../src/lib/router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WirePromotionEdge, WirePromotionNode } from '../../../src/api/promotions';
import PromoBanner from '../../../src/features/promotions/PromoBanner';
import {
  PROMOTIONS_STORAGE_KEY,
  pickPromotion,
  promotionsState,
} from '../../../src/state/promotions';
import { LocationDisplay } from '../app/session';

const api = vi.hoisted(() => ({ fetchPromotions: vi.fn(), dismissPromotionCall: vi.fn() }));
vi.mock('../../../src/api/promotions', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}));

const node = (id: string, extra: Partial<WirePromotionNode> = {}): WirePromotionNode => ({
  id,
  promotion_id: id,
  max_impressions: 2,
  triggers: [],
  template: null,
  creatives: { title: { text: `Title ${id}` }, content: { text: `Content ${id}` } },
  actions: {
    primary_action: {
      title: { text: 'Start exploring' },
      url: 'glint://explore',
      dismiss_promotion: false,
    },
  },
  image: { uri: '/media/promo/1.jpg' },
  ...extra,
});
const edge = (n: WirePromotionNode, priority = 1): WirePromotionEdge => ({
  node: n,
  priority,
  time_range: { start: 0, end: 1 },
});
const reply = (...edges: WirePromotionEdge[]) => ({
  qp_data: { viewer: { eligible_promotions: { edges } } },
});

function renderBanner() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <PromoBanner />
      <LocationDisplay />
    </MemoryRouter>,
  );
}

/** A reload: the page's memory starts empty (localStorage stays). */
function reload() {
  promotionsState.promotion = null;
  promotionsState.surface = null;
}

function Elsewhere() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
      <Link to="/">Home</Link>
    </>
  );
}

describe('PromoBanner', () => {
  beforeEach(() => {
    window.localStorage.clear();
    reload();
    api.fetchPromotions.mockReset().mockResolvedValue(reply(edge(node('a')), edge(node('b'), 2)));
    api.dismissPromotionCall.mockReset().mockResolvedValue({ status: 'ok' });
  });

  it('shows the first eligible promotion with a 72×72 image', async () => {
    renderBanner();
    expect(await screen.findByRole('heading', { name: 'Title a' })).toBeInTheDocument();
    expect(screen.getByText('Content a')).toBeInTheDocument();
    expect(screen.queryByText('Title b')).not.toBeInTheDocument();
    const img = screen.getByRole('presentation');
    expect(img).toHaveAttribute('width', '72');
    expect(img).toHaveAttribute('height', '72');
    expect(api.fetchPromotions).toHaveBeenCalledWith('WEB_FEED', expect.anything());
  });

  it('follows an in-app link to its internal path', async () => {
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Start exploring' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/explore/');
  });

  it('offers the secondary action beside the primary one', async () => {
    api.fetchPromotions.mockResolvedValue(
      reply(
        edge(
          node('s', {
            actions: {
              primary_action: { title: { text: 'Find people' }, url: 'glint://explore' },
              secondary_action: { title: { text: 'Not now' }, url: null, dismiss_promotion: true },
            },
            image: { sprite_class: 'promo-sprite-people' },
          }),
        ),
      ),
    );
    const { container } = renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(api.dismissPromotionCall).toHaveBeenCalledWith('s');
    expect(screen.queryByRole('heading', { name: 'Title s' })).not.toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('sprite images render as a styled box', async () => {
    api.fetchPromotions.mockResolvedValue(
      reply(edge(node('p', { image: { sprite_class: 'promo-sprite-people' } }))),
    );
    const { container } = renderBanner();
    await screen.findByRole('heading', { name: 'Title p' });
    expect(container.querySelector('.promo-banner__image.promo-sprite-people')).not.toBeNull();
  });

  it('dismisses: hides, tells the server and stays hidden after a reload', async () => {
    const { unmount } = renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('heading', { name: 'Title a' })).not.toBeInTheDocument();
    expect(api.dismissPromotionCall).toHaveBeenCalledWith('a');
    unmount();
    reload();
    renderBanner();
    expect(await screen.findByRole('heading', { name: 'Title b' })).toBeInTheDocument();
  });

  it('stops showing a promotion once max_impressions is reached', async () => {
    for (let i = 0; i < 2; i++) {
      const { unmount } = renderBanner();
      await screen.findByRole('heading', { name: 'Title a' });
      unmount();
      reload();
    }
    renderBanner();
    expect(await screen.findByRole('heading', { name: 'Title b' })).toBeInTheDocument();
    expect(screen.queryByText('Title a')).not.toBeInTheDocument();
  });

  it('comes back with its page on Back without asking again or counting again; a link asks again', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route
            path="/"
            element={
              <>
                <PromoBanner />
                <Link to="/x/">Away</Link>
              </>
            }
          />
          <Route path="/x/" element={<Elsewhere />} />
        </Routes>
      </MemoryRouter>,
    );
    const impressions = () =>
      (
        JSON.parse(window.localStorage.getItem(PROMOTIONS_STORAGE_KEY) ?? '{}') as {
          impressions?: Record<string, number>;
        }
      ).impressions?.a;
    await screen.findByRole('heading', { name: 'Title a' });
    expect(impressions()).toBe(1);

    await user.click(screen.getByRole('link', { name: 'Away' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    // At once, in the same render as the page: the content below it stays where it was left.
    expect(screen.getByRole('heading', { name: 'Title a' })).toBeInTheDocument();
    expect(api.fetchPromotions).toHaveBeenCalledTimes(1);
    expect(impressions()).toBe(1);

    await user.click(screen.getByRole('link', { name: 'Away' }));
    await user.click(screen.getByRole('link', { name: 'Home' }));
    await screen.findByRole('heading', { name: 'Title a' });
    expect(api.fetchPromotions).toHaveBeenCalledTimes(2);
    expect(impressions()).toBe(2);
  });

  it('shows nothing when no promotion is eligible or the fetch fails', async () => {
    api.fetchPromotions.mockRejectedValue(new Error('offline'));
    const { container } = renderBanner();
    await Promise.resolve();
    expect(container.querySelector('.promo-banner')).toBeNull();
    expect(
      pickPromotion([edge(node('x', { max_impressions: 0 }))], {
        dismissed: [],
        impressions: { x: 99 },
      })?.id,
    ).toBe('x');
  });
});

describe('promotionsQuery', () => {
  it('names the stored query with the surface and the external-gating flag', async () => {
    const { promotionsQuery } = await vi.importActual<typeof import('../../../src/api/promotions')>(
      '../../../src/api/promotions',
    );
    expect(JSON.parse(promotionsQuery('WEB_FEED'))).toEqual({
      query_id: expect.any(String),
      variables: { surface_param: 'WEB_FEED', external_gating_permitted: false },
    });
  });
});
