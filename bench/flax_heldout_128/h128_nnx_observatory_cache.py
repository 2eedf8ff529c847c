# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 ObservingRun.settle -> PLUGINS["seeing"] plugin -> plugin.estimate(model, frame) memoises the embedding in its cache from the while_loop body
"""Observatory operations: wait for atmospheric seeing to settle before an exposure.

Estimators are plugins looked up by name; the seeing plugin memoises the last frame
embedding so the exposure planner can reuse it after the loop.
"""
import jax
import jax.numpy as jnp
from flax import nnx

PLUGINS = {}


def plugin(name):
    def register(cls):
        PLUGINS[name] = cls()
        return cls

    return register


class SeeingNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(9, 6, rngs=rngs)
        self.fwhm = nnx.Linear(6, 1, rngs=rngs)


@plugin("seeing")
class SeeingPlugin:
    def __init__(self):
        self.cache = {}

    def estimate(self, model, frame):
        emb = nnx.tanh(model.encoder(frame))
        self.cache["last_embedding"] = emb
        return nnx.softplus(model.fwhm(emb)).mean()


class ObservingRun:
    def __init__(self, model):
        self.model = model

    def settle(self, frames, target_arcsec=1.2):
        estimator = PLUGINS["seeing"]

        def cond(state):
            i, fwhm = state
            return (i < frames.shape[0]) & (fwhm > target_arcsec)

        def body(state):
            i, _ = state
            return i + 1, estimator.estimate(self.model, frames[i])

        return jax.lax.while_loop(cond, body, (0, jnp.array(10.0)))

    def plan_exposure(self):
        emb = PLUGINS["seeing"].cache["last_embedding"]
        return 30.0 * (1.0 + jnp.abs(emb).mean())


def main():
    frames = jax.random.normal(jax.random.key(15), (10, 4, 9))  # 10 guider frames, 4 stars, 3x3 stamps
    run = ObservingRun(SeeingNet(nnx.Rngs(0)))
    frames_used, fwhm = run.settle(frames)
    print(int(frames_used), float(fwhm), float(run.plan_exposure()))
    return None
