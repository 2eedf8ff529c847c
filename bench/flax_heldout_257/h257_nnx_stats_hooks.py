# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3,4,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body in DomainAdaptation.run merges the model from the carry and passes its state to every hook in a list; LatestStateKeeper rebuilds a model from it after the scan
"""Test-time adaptation of a burn-scar segmenter to a new sensor, with a list of hooks watching each scene."""

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class BurnScarSegmenter(nnx.Module):
    def __init__(self, bands: int, width: int, *, rngs: nnx.Rngs):
        self.conv = nnx.Conv(bands, width, kernel_size=(3, 3), rngs=rngs)
        self.norm = nnx.BatchNorm(width, rngs=rngs)
        self.head = nnx.Conv(width, 1, kernel_size=(1, 1), rngs=rngs)

    def __call__(self, scenes):
        return self.head(nnx.relu(self.norm(self.conv(scenes))))[..., 0]


class Hook:
    def on_scene(self, step, state, burned_fraction):
        pass

    def on_end(self, graphdef):
        pass


class BurnedAreaLog(Hook):
    def __init__(self):
        self.fractions = []

    def on_scene(self, step, state, burned_fraction):
        self.fractions.append(burned_fraction)


class LatestStateKeeper(Hook):
    def __init__(self):
        self.state = None
        self.model = None

    def on_scene(self, step, state, burned_fraction):
        self.state = state

    def on_end(self, graphdef):
        self.model = nnx.merge(graphdef, self.state)
        self.model.eval()


class DomainAdaptation:
    def __init__(self, model: nnx.Module, hooks):
        self.model = model
        self.hooks = hooks

    def run(self, scenes):
        graphdef, state = nnx.split(self.model)

        def adapt(state, indexed):
            step, scene = indexed
            model = nnx.merge(graphdef, state)
            burned = (jax.nn.sigmoid(model(scene)) > 0.5).mean()
            new_state = nnx.state(model)
            for hook in self.hooks:
                hook.on_scene(step, new_state, burned)
            return new_state, burned

        state, burned = scan(adapt, state, (jnp.arange(scenes.shape[0]), scenes))
        nnx.update(self.model, state)
        for hook in self.hooks:
            hook.on_end(graphdef)
        return burned


def main():
    scenes = jax.random.uniform(jax.random.key(0), (3, 2, 8, 8, 4))
    keeper = LatestStateKeeper()
    job = DomainAdaptation(BurnScarSegmenter(4, 6, rngs=nnx.Rngs(0)), hooks=[BurnedAreaLog(), keeper])
    burned = job.run(scenes)
    probe = keeper.model(scenes[0])
    jax.block_until_ready((burned, probe))
