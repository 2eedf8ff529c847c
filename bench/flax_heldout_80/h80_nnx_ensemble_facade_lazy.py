# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 ensemble members built by a factory on first request and cached by an EnsembleFacade, the first request made from a scan body
"""Model ensemble behind a facade: members are built lazily by a factory the first time they are asked for."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclass(frozen=True)
class MemberSpec:
    din: int = 3
    hidden: int = 8
    seed: int = 0


class Member(nnx.Module):
    def __init__(self, spec: MemberSpec, rngs: nnx.Rngs):
        self.body = nnx.Sequential(
            nnx.Linear(spec.din, spec.hidden, rngs=rngs), nnx.relu,
            nnx.Linear(spec.hidden, 1, rngs=rngs))

    def __call__(self, x):
        return self.body(x)[..., 0]


def member_factory(spec: MemberSpec) -> Member:
    return Member(spec, nnx.Rngs(spec.seed))


class EnsembleFacade:
    def __init__(self, specs, factory=member_factory):
        self._specs = specs
        self._factory = factory
        self._members = {}

    def _member(self, i):
        if i not in self._members:
            self._members[i] = self._factory(self._specs[i])
        return self._members[i]

    def predict(self, x):
        preds = jnp.stack([self._member(i)(x) for i in range(len(self._specs))])
        return preds.mean(0), preds.std(0)


def score_stream(facade, xs):
    def body(carry, x):
        mean, spread = facade.predict(x)
        return carry + spread.mean(), mean

    return jax.lax.scan(body, jnp.float32(0.0), xs)


def main():
    facade = EnsembleFacade([MemberSpec(seed=s) for s in range(3)])
    xs = jax.random.normal(jax.random.key(0), (4, 5, 3))
    score_stream(facade, xs)
    facade.predict(xs[0])[0].block_until_ready()
    return None
