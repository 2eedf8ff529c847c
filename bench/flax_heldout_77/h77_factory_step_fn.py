# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a factory returns a step function closing over model.bind(variables, mutable=["batch_stats"]); it runs inside a raw lax.fori_loop and the trainer reads bound.variables afterwards
"""Step-function factory used by a recalibration job: re-estimates BatchNorm statistics."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(4, (3,))(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.5)(x)
        return jnp.mean(nn.relu(x), axis=(1, 2))


def make_recalibration_step(model, variables, data):
    bound = model.bind(variables, mutable=["batch_stats"])

    def step(i, acc):
        batch = lax.dynamic_index_in_dim(data, i, keepdims=False)
        out = bound(batch, train=True)
        return acc + out.mean()

    return step, bound


class RecalibrationJob:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def run(self, data):
        step, bound = make_recalibration_step(self.model, self.variables, data)
        lax.fori_loop(0, data.shape[0], step, jnp.zeros(()))
        new_stats = bound.variables["batch_stats"]
        self.variables = {"params": self.variables["params"], "batch_stats": new_stats}
        return jax.tree.map(lambda a: float(jnp.abs(a).sum()), new_stats)


def main():
    model = ConvNet()
    data = jax.random.normal(jax.random.key(0), (4, 2, 6, 1))
    init = functools.partial(model.init, train=False)
    variables = init(jax.random.key(1), data[0])
    RecalibrationJob(model, variables).run(data)
    return None
