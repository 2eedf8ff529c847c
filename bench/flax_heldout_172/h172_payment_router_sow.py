# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 RouteScorer.refine runs the fori_loop itself and sows the per-iteration route scores into "intermediates" from inside the body
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

        def iterate(i, scores):
            scores = scores + self.cfg.step_size * jnp.tanh(self.head(norm * nn.softmax(scores)))
            self.sow("intermediates", "scores", scores)
            return scores

        return lax.fori_loop(0, self.cfg.n_iter, iterate, jnp.zeros_like(fees))


def main():
    cfg = RouterConfig()
    scorer = RouteScorer(cfg)
    fees = jnp.linspace(0.1, 0.9, 3 * cfg.n_routes).reshape(3, cfg.n_routes)
    variables = scorer.init(jax.random.key(0), fees)
    final, state = scorer.apply(variables, fees, method=RouteScorer.refine, mutable=["intermediates"])
    history = jnp.stack(state["intermediates"]["scores"])
    print("chosen routes", final.argmax(-1), "history", history.shape)
    return None
