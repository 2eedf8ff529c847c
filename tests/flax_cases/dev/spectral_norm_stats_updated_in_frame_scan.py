# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a frame critic calls its setup `nn.SpectralNorm` with update_stats=train before a scan over frames and again in the body
import flax.linen as nn
import jax
import jax.numpy as jnp


class FrameCritic(nn.Module):
    def setup(self):
        self.proj = nn.SpectralNorm(nn.Dense(4))

    def __call__(self, frames, train: bool = True):
        h0 = self.proj(frames[0], update_stats=train)

        def step(h, frame):
            h = h + self.proj(frame, update_stats=train)
            return h, h

        return jax.lax.scan(step, h0, frames[1:])[1]


def main():
    frames = jnp.ones((5, 2, 3))
    model = FrameCritic()
    variables = model.init(jax.random.PRNGKey(0), frames)
    model.apply(variables, frames)
