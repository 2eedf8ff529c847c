# label: ok
# flax-error: none
# class: 1 jax.lax.scan over stacked layer params inside a Linen module; attention maps leave as scan ys and are sown once after the loop
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

LAYERS, D = 3, 8


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        wq = self.param("wq", nn.initializers.lecun_normal(), (LAYERS, D, D))
        wk = self.param("wk", nn.initializers.lecun_normal(), (LAYERS, D, D))

        def layer(h, w):
            q, k = h @ w[0], h @ w[1]
            attn = jax.nn.softmax(q @ jnp.swapaxes(k, -1, -2) / jnp.sqrt(D), axis=-1)
            return h + attn @ h, attn

        h, maps = scan(layer, x, (wq, wk))
        self.sow("intermediates", "attn", maps)
        return h


def main():
    model = Encoder()
    x = jnp.ones((2, 5, D))
    params = model.init(jax.random.key(0), x)
    _, state = model.apply(params, x, mutable=["intermediates"])
    maps = state["intermediates"]["attn"][0]
    print(jnp.mean(maps))
    return None
