# label: ok
# flax-error: none
# class: 3 the trainer stores the model and state on self; the fori_loop body applies the model with mutable batch_stats and threads the statistics through the loop carry
"""A small Trainer that re-estimates BatchNorm statistics before checkpointing.

`warmup_batch_stats` runs a raw `jax.lax.fori_loop` over calibration batches; the
statistics are carried through the loop and written back to the TrainState afterwards.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from flax.training import train_state
import optax


class ConvNetBN(nn.Module):
    width: int = 8

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(self.width)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(3)(x)


class TrainState(train_state.TrainState):
    batch_stats: dict


class Trainer:
    def __init__(self, model, rng, sample):
        variables = model.init(rng, sample, train=False)
        self.model = model
        self.state = TrainState.create(
            apply_fn=model.apply,
            params=variables["params"],
            batch_stats=variables["batch_stats"],
            tx=optax.adam(1e-3),
        )

    def warmup_batch_stats(self, calib):
        params = self.state.params

        def body(i, carry):
            batch_stats, acc = carry
            out, updates = self.state.apply_fn(
                {"params": params, "batch_stats": batch_stats},
                calib[i], train=True, mutable=["batch_stats"],
            )
            return updates["batch_stats"], acc + out.mean()

        batch_stats, _ = jax.lax.fori_loop(
            0, calib.shape[0], body, (self.state.batch_stats, 0.0))
        self.state = self.state.replace(batch_stats=batch_stats)

    def checkpoint(self):
        stats = self.state.batch_stats
        return jax.tree_util.tree_map(lambda a: jnp.linalg.norm(a), stats)


def main():
    rng = jax.random.PRNGKey(0)
    calib = jax.random.normal(rng, (4, 6, 5))
    trainer = Trainer(ConvNetBN(), rng, calib[0])
    trainer.warmup_batch_stats(calib)
    norms = trainer.checkpoint()
    jax.block_until_ready(norms)
    return None
