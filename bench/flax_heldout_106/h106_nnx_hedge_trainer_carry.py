# label: ok
# flax-error: none
# class: 4 HedgeTrainer.state holds the model and its nnx.Optimizer; fit splits them with nnx.split, the fori_loop body merges the carried state, and nnx.update writes it back
"""Energy trading: fit a hedge-ratio network on the latest spread history before the auction."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class HedgeNet(nnx.Module):
    def __init__(self, n_in: int, hidden: int, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(n_in, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return jnp.tanh(self.out(nnx.gelu(self.inp(x))))[:, 0]


@dataclasses.dataclass
class TrainState:
    model: HedgeNet
    optimizer: nnx.Optimizer


def pnl_loss(model: HedgeNet, spreads, returns):
    ratio = model(spreads)
    return jnp.mean((returns - ratio * spreads[:, 0]) ** 2)


class HedgeTrainer:
    def __init__(self, state: TrainState):
        self.state = state

    def fit(self, spreads, returns, steps: int):
        graphdef, flat = nnx.split((self.state.model, self.state.optimizer))

        def step(i, carry):
            flat, losses = carry
            model, optimizer = nnx.merge(graphdef, flat)
            loss, grads = nnx.value_and_grad(pnl_loss)(model, spreads, returns)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), losses.at[i].set(loss)

        flat, losses = jax.lax.fori_loop(0, steps, step, (flat, jnp.zeros(steps)))
        nnx.update((self.state.model, self.state.optimizer), flat)
        return losses


def main():
    model = HedgeNet(4, 16, rngs=nnx.Rngs(0))
    state = TrainState(model, nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param))
    spreads = jax.random.normal(jax.random.key(1), (64, 4))
    returns = 0.6 * spreads[:, 0] + 0.1 * jax.random.normal(jax.random.key(2), (64,))
    losses = HedgeTrainer(state).fit(spreads, returns, steps=20)
    print("loss", losses[0], "->", losses[-1])
