# label: ok
# flax-error: none
# class: 2 module method self.step handed to jax.lax.scan as the body, after one eager step at init time has created the glimpse/core params
"""Recurrent attention model (Mnih et al. 2014, RAM): at every step take a glimpse around the
current location, update the core RNN, emit the next location."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


def extract_glimpse(image, loc, size=4):
    """Crop a size x size patch centred on loc in [-1, 1]^2 (nearest pixel)."""
    h, w = image.shape[:2]
    centre = ((loc + 1.0) * 0.5 * jnp.array([h - size, w - size])).astype(jnp.int32)
    return jax.lax.dynamic_slice(image, (centre[0], centre[1], 0), (size, size, image.shape[2]))


class GlimpseNet(nn.Module):
    features: int = 32

    @nn.compact
    def __call__(self, patch, loc):
        g = nn.relu(nn.Dense(self.features, name="what")(patch.reshape(-1)))
        l = nn.relu(nn.Dense(self.features, name="where")(loc))
        return g * l


class RecurrentAttention(nn.Module):
    hidden: int = 32
    n_glimpses: int = 5

    def setup(self):
        self.glimpse = GlimpseNet(self.hidden)
        self.core = nn.GRUCell(self.hidden)
        self.locator = nn.Dense(2)
        self.classifier = nn.Dense(10)

    def step(self, carry, _, image):
        h, loc = carry
        g = self.glimpse(extract_glimpse(image, loc), loc)
        h, _ = self.core(h, g)
        loc = jnp.tanh(self.locator(h))
        return (h, loc), loc

    def __call__(self, image):
        h0 = jnp.zeros((self.hidden,))
        loc0 = jnp.zeros((2,))
        body = functools.partial(self.step, image=image)
        if self.is_initializing():
            body((h0, loc0), None)  # create every parameter outside the scan trace
        (h, _), locs = jax.lax.scan(body, (h0, loc0), None, length=self.n_glimpses)
        return self.classifier(h), locs


def main():
    image = jax.random.uniform(jax.random.PRNGKey(1), (28, 28, 1))
    model = RecurrentAttention()
    params = model.init(jax.random.PRNGKey(0), image)
    logits, locs = jax.jit(model.apply)(params, image)
    logits.block_until_ready()
    return None
