# label: ok
# flax-error: none
# class: 1 glimpse locations leave the raw scan as its per-step outputs (ys) and are sown once, outside the loop
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

        def body(carry, _):
            h, loc = carry
            g = gaussian_glimpse(image, loc)
            h, _ = cell(h, g)
            loc = jnp.tanh(to_loc(h))
            return (h, loc), loc

        (h, loc), locations = lax.scan(body, (h, loc), None, length=self.n_steps)
        self.sow("intermediates", "locations", locations)
        return nn.Dense(10)(h)


def main():
    image = jax.random.uniform(jax.random.PRNGKey(3), (20, 20))
    model = SoftAttentionRNN()
    variables = model.init(jax.random.PRNGKey(0), image)
    logits, state = model.apply({"params": variables["params"]}, image, mutable=["intermediates"])
    locations = state["intermediates"]["locations"][0]
    path_length = jnp.sum(jnp.linalg.norm(jnp.diff(locations, axis=0), axis=-1))
    path_length.block_until_ready()
    return None
