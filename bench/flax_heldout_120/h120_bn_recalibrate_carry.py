# label: ok
# flax-error: none
# class: 3 the fori_loop body applies state.params of one TrainState; the batch_stats travel in the loop carry
"""Re-estimating BatchNorm statistics over a few batches (after weight averaging) with a fori_loop.

The running statistics are the fori_loop carry and are written onto the TrainState once the
loop has returned.
"""
from typing import Any

import jax
import optax
import flax.linen as nn
from flax.training import train_state


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(3)(x)


class TrainState(train_state.TrainState):
    batch_stats: Any


def recalibrate(state, batches):
    def body(i, batch_stats):
        _, updates = state.apply_fn(
            {"params": state.params, "batch_stats": batch_stats},
            batches[i],
            train=True,
            mutable=["batch_stats"],
        )
        return updates["batch_stats"]

    new_stats = jax.lax.fori_loop(0, batches.shape[0], body, state.batch_stats)
    return state.replace(batch_stats=new_stats)


def main():
    model = ConvNet()
    batches = jax.random.normal(jax.random.key(0), (4, 8, 6))
    variables = model.init(jax.random.key(1), batches[0], train=False)
    state = TrainState.create(
        apply_fn=model.apply,
        params=variables["params"],
        batch_stats=variables["batch_stats"],
        tx=optax.sgd(0.1),
    )
    state = recalibrate(state, batches)
    logits = state.apply_fn(
        {"params": state.params, "batch_stats": state.batch_stats}, batches[0], train=False
    )
    jax.block_until_ready(logits)
    return None
