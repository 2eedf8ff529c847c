# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[9,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the merged model's state leaves the while_loop body through SorterAdaptation.hooks -> LatestStateHook.on_step and is restored into the live model after the loop
"""Postal sorting centre: adapt the normalisation of a parcel-to-bin classifier to today's
mail stream, with hooks that keep the latest model state for the hot swap."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class SortNet(nnx.Module):
    def __init__(self, features, bins, rngs):
        self.embed = nnx.Linear(features, 32, rngs=rngs)
        self.norm = nnx.BatchNorm(32, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(32, bins, rngs=rngs)

    def __call__(self, parcels):
        return self.head(nnx.relu(self.norm(self.embed(parcels))))


class LatestStateHook:
    def __init__(self):
        self.latest = None

    def on_step(self, model):
        self.latest = nnx.state(model)


class SorterAdaptation:
    def __init__(self, model, hooks):
        self.model = model
        self.hooks = hooks

    def adapt(self, batches, max_steps):
        graphdef, state = nnx.split(self.model)

        def cond(carry):
            _, i = carry
            return i < max_steps

        def body(carry):
            state, i = carry
            model = nnx.merge(graphdef, state)
            model(batches[i])
            for hook in self.hooks:
                hook.on_step(model)
            return nnx.state(model), i + 1

        lax.while_loop(cond, body, (state, jnp.zeros((), jnp.int32)))

    def hot_swap(self):
        nnx.update(self.model, self.hooks[0].latest)
        self.model.eval()


def main():
    batches = jax.random.normal(jax.random.key(0), (12, 64, 9))  # batches x parcels x features
    model = SortNet(9, 20, nnx.Rngs(0))
    adaptation = SorterAdaptation(model, [LatestStateHook()])
    adaptation.adapt(batches, max_steps=8)
    adaptation.hot_swap()
    jax.block_until_ready(model(batches[-1]))
    return None
