# label: ok
# flax-error: none
# class: 4 OnlineAllocator.fit -> self._step -> self.state (TrainState holding model and nnx.Optimizer) split before the jax.lax.scan, merged in the body, state carried and written back with nnx.update
"""Online learning of a portfolio allocation policy.

Each trading day the allocator proposes weights from the day's signals, realises the
next-day return, and takes one Adam step on a mean-variance utility. The model and
its optimizer are split together; their state is carried through the scan and
written back into the live objects afterwards.
"""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class AllocationPolicy(nnx.Module):
    def __init__(self, n_signals, n_assets, rngs: nnx.Rngs):
        self.body = nnx.Linear(n_signals, 16, rngs=rngs)
        self.head = nnx.Linear(16, n_assets, rngs=rngs)

    def __call__(self, signals):
        return jax.nn.softmax(self.head(nnx.tanh(self.body(signals))))


@dataclasses.dataclass
class TrainState:
    model: AllocationPolicy
    optimizer: nnx.Optimizer


def utility(model, signals, returns, risk_aversion=4.0):
    w = model(signals)
    pnl = w @ returns
    return -(pnl - risk_aversion * (w ** 2) @ (returns ** 2))


class OnlineAllocator:
    def __init__(self, state: TrainState):
        self.state = state

    def _step(self, graphdef, flat, signals, returns):
        model, optimizer = nnx.merge(graphdef, flat)
        loss, grads = nnx.value_and_grad(utility)(model, signals, returns)
        optimizer.update(model, grads)
        return loss, nnx.state((model, optimizer))

    def fit(self, signals, returns):
        graphdef, flat = nnx.split((self.state.model, self.state.optimizer))

        def day(carry, inputs):
            total, flat = carry
            loss, flat = self._step(graphdef, flat, *inputs)
            return (total + loss, flat), loss

        (total, flat), losses = jax.lax.scan(day, (jnp.zeros(()), flat), (signals, returns))
        nnx.update((self.state.model, self.state.optimizer), flat)
        return total, losses


def main():
    model = AllocationPolicy(8, 5, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    signals = jax.random.normal(jax.random.PRNGKey(1), (20, 8))
    returns = 0.01 * jax.random.normal(jax.random.PRNGKey(2), (20, 5))
    total, losses = OnlineAllocator(TrainState(model, optimizer)).fit(signals, returns)
    jax.block_until_ready(losses)
    return None
