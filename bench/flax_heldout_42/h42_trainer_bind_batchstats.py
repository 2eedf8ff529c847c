# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the trainer binds the model with a mutable batch_stats collection and stores it on self; the fori_loop body calls self.bound, and the checkpoint step reads self.bound.variables afterwards
"""A small Trainer that keeps a bound Linen model around for "stateful" forward passes.

`warmup_batch_stats` re-estimates BatchNorm statistics over a few calibration batches
with a raw `jax.lax.fori_loop`, then the checkpoint hook reads the statistics back.
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
        self.bound = model.bind(
            {"params": self.state.params, "batch_stats": self.state.batch_stats},
            mutable=["batch_stats"],
        )

    def warmup_batch_stats(self, calib):
        def body(i, acc):
            out = self.bound(calib[i], train=True)
            return acc + out.mean()

        return jax.lax.fori_loop(0, calib.shape[0], body, 0.0)

    def checkpoint(self):
        stats = self.bound.variables["batch_stats"]
        self.state = self.state.replace(batch_stats=jax.tree_util.tree_map(jnp.asarray, stats))
        return jax.tree_util.tree_map(lambda a: jnp.linalg.norm(a), stats)


def main():
    rng = jax.random.PRNGKey(0)
    calib = jax.random.normal(rng, (4, 6, 5))
    trainer = Trainer(ConvNetBN(), rng, calib[0])
    trainer.warmup_batch_stats(calib)
    norms = trainer.checkpoint()
    jax.block_until_ready(norms)
    return None
