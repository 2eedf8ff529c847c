# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.variable('ema', ...) is created and updated inside the inline raw fori_loop body; apply with mutable=['ema']
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class FeatureTracker(nn.Module):
    decay: float = 0.9

    @nn.compact
    def __call__(self, frames):
        enc = nn.Dense(4)
        enc(frames[0])

        def body(t, acc):
            feat = enc(frames[t])
            ema = self.variable("ema", "mean_feat", jnp.zeros, feat.shape)
            ema.value = self.decay * ema.value + (1 - self.decay) * feat
            return acc + feat

        return lax.fori_loop(0, frames.shape[0], body, jnp.zeros((frames.shape[1], 4)))


def main():
    tracker = FeatureTracker()
    frames = jnp.ones((6, 2, 3))
    variables = tracker.init(jax.random.key(0), frames)
    out, state = tracker.apply({"params": variables["params"]}, frames, mutable=["ema"])
    print(out.sum(), state["ema"]["mean_feat"].mean())
    return None
