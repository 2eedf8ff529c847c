# label: same-values
# flax-error: none
# class: 5 pure_forward merges a copy of (graphdef, state) in the raw scan body and returns only the output; the advanced dropout RngCount is dropped, so the carry never changes
"""MC-dropout uncertainty for an NNX model through a functional split/merge wrapper."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class DropoutMLP(nnx.Module):
    def __init__(self, din, width, *, rngs: nnx.Rngs, rate: float = 0.3):
        self.fc1 = nnx.Linear(din, width, rngs=rngs)
        self.drop = nnx.Dropout(rate, rngs=rngs)
        self.fc2 = nnx.Linear(width, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc2(self.drop(nnx.relu(self.fc1(x))))[..., 0]


def pure_forward(graphdef, state, x):
    """Functional wrapper so the model can be used inside plain JAX code.

    copy=True: the merged model gets its own Variables, so the caller's state is never aliased."""
    model = nnx.merge(graphdef, state, copy=True)
    return model(x)


@dataclasses.dataclass(frozen=True)
class MCConfig:
    samples: int = 6


class MCDropoutEstimator:
    def __init__(self, model: DropoutMLP, cfg: MCConfig):
        model.train()  # keep dropout active for MC sampling
        self.graphdef, self.state = nnx.split(model)
        self.cfg = cfg

    def predict(self, x):
        def body(state, _):
            y = pure_forward(self.graphdef, state, x)
            return state, y

        _, samples = jax.lax.scan(body, self.state, None, length=self.cfg.samples)
        return samples  # [samples, batch]


def main():
    model = DropoutMLP(4, 16, rngs=nnx.Rngs(params=0, dropout=1))
    est = MCDropoutEstimator(model, MCConfig())
    x = jax.random.normal(jax.random.key(2), (3, 4))
    return est.predict(x)
