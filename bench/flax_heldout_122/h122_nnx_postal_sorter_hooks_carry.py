# label: ok
# flax-error: none
# class: 4 the merged model's state leaves the while_loop body in the carry and reaches the live model and SorterAdaptation.hooks -> LatestStateHook.on_step after the loop
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
            return nnx.state(model), i + 1

        state, _ = lax.while_loop(cond, body, (state, jnp.zeros((), jnp.int32)))
        adapted = nnx.merge(graphdef, state)
        for hook in self.hooks:
            hook.on_step(adapted)

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
