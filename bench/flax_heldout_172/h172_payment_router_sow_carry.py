# label: ok
# flax-error: none
# class: 1 RouteScorer.refine runs the fori_loop itself; the per-iteration scores go into a history buffer in the carry and are sown once after the loop
"""Payment routing optimiser: refines the scores of candidate acquirer routes for a batch of
card payments. Fee normalisers are looked up in a decorator registry."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

NORMALISERS = {}


def register_normaliser(name):
    def wrap(fn):
        NORMALISERS[name] = fn
        return fn
    return wrap


@register_normaliser("interchange")
def interchange(fees):
    return fees / (1.0 + fees.sum(axis=-1, keepdims=True))


@register_normaliser("flat")
def flat(fees):
    return fees - fees.mean(axis=-1, keepdims=True)


@dataclass(frozen=True)
class RouterConfig:
    n_routes: int = 5
    n_iter: int = 4
    step_size: float = 0.2
    normaliser: str = "interchange"


class RouteScorer(nn.Module):
    cfg: RouterConfig

    def setup(self):
        self.head = nn.Dense(self.cfg.n_routes)

    def __call__(self, fees):
        return self.head(fees)

    def refine(self, fees):
        norm = NORMALISERS[self.cfg.normaliser](fees)

        def iterate(i, carry):
            scores, history = carry
            scores = scores + self.cfg.step_size * jnp.tanh(self.head(norm * nn.softmax(scores)))
            return scores, history.at[i].set(scores)

        history = jnp.zeros((self.cfg.n_iter,) + fees.shape)
        final, history = lax.fori_loop(0, self.cfg.n_iter, iterate, (jnp.zeros_like(fees), history))
        self.sow("intermediates", "scores", history)
        return final


def main():
    cfg = RouterConfig()
    scorer = RouteScorer(cfg)
    fees = jnp.linspace(0.1, 0.9, 3 * cfg.n_routes).reshape(3, cfg.n_routes)
    variables = scorer.init(jax.random.key(0), fees)
    final, state = scorer.apply(variables, fees, method=RouteScorer.refine, mutable=["intermediates"])
    history = jnp.stack(state["intermediates"]["scores"])
    print("chosen routes", final.argmax(-1), "history", history.shape)
    return None
