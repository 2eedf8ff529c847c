# label: same-values
# flax-error: none
# class: 3 the PricingRouter draws self.request_key from its nnx.Rngs 'explore' stream in begin_request(); the Thompson-sampling scan body reads self.request_key
"""A/B pricing experiment router with Thompson sampling.

Each price arm has a Bayesian linear head (posterior mean and log-scale as nnx.Params). For a
request the router draws a request key from its explore stream, then scans `draws` posterior
samples over the same context to estimate how often each arm would win.
"""
import flax.nnx as nnx
import jax
import jax.numpy as jnp
from jax import lax


class PosteriorHead(nnx.Module):
    def __init__(self, d_ctx, n_arms, *, rngs: nnx.Rngs):
        self.mean = nnx.Param(0.1 * jax.random.normal(rngs.params(), (d_ctx, n_arms)))
        self.log_scale = nnx.Param(jnp.full((d_ctx, n_arms), -1.0))

    def sample_scores(self, context, key):
        eps = jax.random.normal(key, self.mean.shape)
        weights = self.mean[...] + jnp.exp(self.log_scale[...]) * eps
        return context @ weights


class PricingRouter:
    def __init__(self, d_ctx, arms, seed):
        self.arms = arms
        self.rngs = nnx.Rngs(params=seed, explore=seed + 1)
        self.head = PosteriorHead(d_ctx, len(arms), rngs=self.rngs)
        self.request_key = None

    def begin_request(self):
        self.request_key = self.rngs.explore()

    def win_rates(self, context, draws):
        def thompson_draw(carry, _):
            scores = self.head.sample_scores(context, self.request_key)
            return carry, scores

        _, scores = lax.scan(thompson_draw, None, None, length=draws)
        return scores


def main():
    context = jnp.array([0.3, -1.2, 0.8, 0.05])
    router = PricingRouter(d_ctx=4, arms=("9.99", "11.99", "12.49"), seed=3)
    router.begin_request()
    return router.win_rates(context, draws=7)
