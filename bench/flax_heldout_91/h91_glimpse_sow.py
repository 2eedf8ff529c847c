# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.sow of each glimpse location inside a raw fori_loop closure in @nn.compact, with 'intermediates' mutable, so the sown values are loop tracers
"""Recurrent attention with a differentiable (Gaussian) glimpse: the core RNN moves an attention
window over the image; the visited locations are recorded for a REINFORCE-style baseline /
visualisation."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


def gaussian_glimpse(image, loc, sigma=0.15):
    h, w = image.shape
    ys = jnp.linspace(-1.0, 1.0, h)
    xs = jnp.linspace(-1.0, 1.0, w)
    wy = jnp.exp(-((ys - loc[0]) ** 2) / (2 * sigma**2))
    wx = jnp.exp(-((xs - loc[1]) ** 2) / (2 * sigma**2))
    return (wy / wy.sum()) @ image @ (wx / wx.sum())[:, None]


class SoftAttentionRNN(nn.Module):
    hidden: int = 16
    n_steps: int = 4

    @nn.compact
    def __call__(self, image):
        cell = nn.SimpleCell(self.hidden)
        to_loc = nn.Dense(2)
        h = jnp.zeros((self.hidden,))
        loc = jnp.zeros((2,))
        # build params once outside the loop
        h_init, _ = cell(h, gaussian_glimpse(image, loc))
        to_loc(h_init)

        def body(i, carry):
            h, loc = carry
            g = gaussian_glimpse(image, loc)
            h, _ = cell(h, g)
            loc = jnp.tanh(to_loc(h))
            self.sow("intermediates", "locations", loc)
            return h, loc

        h, loc = lax.fori_loop(0, self.n_steps, body, (h, loc))
        return nn.Dense(10)(h)


def main():
    image = jax.random.uniform(jax.random.PRNGKey(3), (20, 20))
    model = SoftAttentionRNN()
    variables = model.init(jax.random.PRNGKey(0), image)
    logits, state = model.apply({"params": variables["params"]}, image, mutable=["intermediates"])
    locations = jnp.stack(state["intermediates"]["locations"])
    path_length = jnp.sum(jnp.linalg.norm(jnp.diff(locations, axis=0), axis=-1))
    path_length.block_until_ready()
    return None
