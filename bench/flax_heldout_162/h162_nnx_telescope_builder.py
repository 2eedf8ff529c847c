# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a fluent PipelineBuilder returns a jax.checkpoint-wrapped step that merges the carried state and records it as builder.last_state; the mount controller commits builder.last_state to the model with nnx.update after the scan
"""Observatory mount pointing: a correction model is rolled over a night's
target list; the step function is assembled by a fluent builder with remat."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class PointingModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.flexure = nnx.Linear(2, 2, rngs=rngs)
        self.scale = nnx.Param(jnp.ones(2))

    def __call__(self, target):
        return target + 0.01 * self.scale * jnp.tanh(self.flexure(target))


class PipelineBuilder:
    def __init__(self):
        self._model = None
        self._remat = False
        self.last_state = None

    def with_model(self, model):
        self._model = model
        return self

    def with_remat(self):
        self._remat = True
        return self

    def build(self):
        graphdef, _ = nnx.split(self._model)
        builder = self

        def step(state, target):
            model = nnx.merge(graphdef, state)
            pointed = model(target)
            _, state = nnx.split(model)
            builder.last_state = state
            return state, jnp.linalg.norm(pointed - target)

        return jax.checkpoint(step) if self._remat else step


class MountController:
    def __init__(self, model):
        self.model = model
        self.builder = PipelineBuilder().with_model(model).with_remat()

    def night(self, targets):
        step = self.builder.build()
        _, errors = jax.lax.scan(step, nnx.state(self.model), targets)
        nnx.update(self.model, self.builder.last_state)
        return errors


def main():
    targets = jax.random.uniform(jax.random.key(0), (10, 2), minval=-1.0, maxval=1.0)
    controller = MountController(PointingModel(nnx.Rngs(1)))
    controller.night(targets)
    controller.model(targets[0]).block_until_ready()
    return None
