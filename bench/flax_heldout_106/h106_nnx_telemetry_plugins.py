# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a @register plugin factory builds the denoiser and a DI Container caches it lazily; the scan body resolves it, so it is first built inside the body and reused after the loop
"""Satellite ground segment: denoise telemetry frames with plugins wired by a small DI container."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

PLUGINS = {}


def register(name):
    def wrap(factory):
        PLUGINS[name] = factory
        return factory
    return wrap


class FrameDenoiser(nnx.Module):
    def __init__(self, channels: int, *, rngs: nnx.Rngs):
        self.down = nnx.Linear(channels, 8, rngs=rngs)
        self.up = nnx.Linear(8, channels, rngs=rngs)

    def __call__(self, frame):
        return frame - self.up(nnx.tanh(self.down(frame)))


@register("denoiser")
def build_denoiser(config):
    return FrameDenoiser(config["channels"], rngs=nnx.Rngs(config["seed"]))


class Container:
    """Resolves plugins on first use and keeps them as singletons."""

    def __init__(self, config):
        self.config = config
        self._instances = {}

    def resolve(self, name):
        if name not in self._instances:
            self._instances[name] = PLUGINS[name](self.config)
        return self._instances[name]


class TelemetryPipeline:
    def __init__(self, container: Container):
        self.container = container

    def clean_pass(self, frames):
        def frame_step(residual, frame):
            clean = self.container.resolve("denoiser")(frame)
            return residual + jnp.abs(frame - clean).mean(), clean

        return jax.lax.scan(frame_step, jnp.array(0.0), frames)

    def health_check(self, probe):
        return jnp.abs(self.container.resolve("denoiser")(probe)).max()


def main():
    pipeline = TelemetryPipeline(Container({"channels": 6, "seed": 0}))
    frames = jax.random.normal(jax.random.key(4), (8, 32, 6))
    residual, _ = pipeline.clean_pass(frames)
    print("residual", residual, "health", pipeline.health_check(frames[0]))
