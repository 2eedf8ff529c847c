# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the nightly job's scan body stashes nnx.state of the merged forecaster on a job-state object, which is nnx.update()d into the live model after the loop
"""Hospital bed-demand forecaster: the nightly job refits each ward's NNX forecaster on the
last weeks of occupancy with a scanned training loop and then publishes tomorrow's demand."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class WardForecaster(nnx.Module):
    def __init__(self, features, *, rngs):
        self.encoder = nnx.Linear(features, 24, rngs=rngs)
        self.readout = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.readout(nnx.gelu(self.encoder(x))))[..., 0]


@dataclasses.dataclass
class JobState:
    ward: str
    latest: object = None
    losses: object = None


class NightlyRefitJob:
    def __init__(self, ward, features=6, lr=1e-2):
        self.model = WardForecaster(features, rngs=nnx.Rngs(0))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(lr), wrt=nnx.Param)
        self.job_state = JobState(ward)

    def refit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def train_step(state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            optimizer.update(model, grads)
            self.job_state.latest = nnx.state((model, optimizer))
            return nnx.state((model, optimizer)), loss

        _, self.job_state.losses = jax.lax.scan(train_step, state, (xs, ys))
        nnx.update((self.model, self.optimizer), self.job_state.latest)

    def publish(self, tomorrow):
        return self.model(tomorrow).sum()


def main():
    job = NightlyRefitJob('icu')
    xs = jax.random.normal(jax.random.key(1), (5, 16, 6))
    ys = jnp.abs(xs.sum(-1))
    job.refit(xs, ys)
    jax.block_until_ready(job.publish(xs[-1]))
    return None
