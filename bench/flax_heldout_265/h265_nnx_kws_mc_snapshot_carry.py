# label: ok
# flax-error: none
# class: 4 the service's runner threads its snapshot state through the scan carry, merging it in each step and returning the new state
from dataclasses import dataclass
from typing import Any

import flax.nnx as nnx
import jax
import jax.numpy as jnp

lax = jax.lax


class KeywordNet(nnx.Module):
    def __init__(self, dim: int, keywords: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(dim, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(16, keywords, rngs=rngs)

    def __call__(self, x):
        return self.out(self.drop(nnx.relu(self.hidden(x))))


@dataclass
class Snapshot:
    graphdef: Any
    state: Any

    @classmethod
    def of(cls, model):
        graphdef, state = nnx.split(model)
        return cls(graphdef, state)


class McRunner:
    def __init__(self, snapshot: Snapshot, passes: int):
        self.snapshot = snapshot
        self.passes = passes

    def sample(self, features):
        def one_pass(state, _):
            model = nnx.merge(self.snapshot.graphdef, state)
            probs = jax.nn.softmax(model(features))
            return nnx.state(model), probs

        self.snapshot.state, probs = lax.scan(one_pass, self.snapshot.state, None, length=self.passes)
        return probs


@dataclass(frozen=True)
class ScoreRequest:
    utterance_id: str
    features: jax.Array


class UncertaintyService:
    def __init__(self, model: KeywordNet, passes: int = 6):
        self.runner = McRunner(Snapshot.of(model), passes)

    def handle(self, request: ScoreRequest):
        return self.runner.sample(request.features)


def main():
    service = UncertaintyService(KeywordNet(10, 4, nnx.Rngs(params=0, dropout=1)))
    request = ScoreRequest("utt-0017", jnp.linspace(-1.0, 1.0, 10)[None, :])
    return service.handle(request)
