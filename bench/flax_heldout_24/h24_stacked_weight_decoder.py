# label: ok
# flax-error: none
# class: 2 the per-layer kernels are declared with self.param as stacked arrays before the loop and the raw lax.scan body slices them from xs
# modelled on: crackedaicode.com "jax.lax.scan inside a Flax Module" (https://crackedaicode.com/problems/flax-lax-scan-in-module); google/flax issue #3665 "Jax transforms and Flax models cannot be mixed"
"""Decoder stack with per-layer weights stored as one stacked parameter."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class StackedDecoder(nn.Module):
    d_model: int = 32
    num_layers: int = 4

    def setup(self):
        self.embed = nn.Dense(self.d_model)
        init = nn.initializers.lecun_normal(batch_axis=(0,))
        self.w_in = self.param("w_in", init, (self.num_layers, self.d_model, 4 * self.d_model))
        self.w_out = self.param("w_out", init, (self.num_layers, 4 * self.d_model, self.d_model))
        self.head = nn.Dense(10)

    def __call__(self, x):
        h = self.embed(x)

        def layer_fn(h, weights):
            w_in, w_out = weights
            z = (h - h.mean(-1, keepdims=True)) / (h.std(-1, keepdims=True) + 1e-6)
            return h + nn.gelu(z @ w_in) @ w_out, None

        h, _ = jax.lax.scan(layer_fn, h, (self.w_in, self.w_out))
        return self.head(h)


def main():
    x = jax.random.normal(jax.random.key(0), (8, 12))
    model = StackedDecoder()
    variables = model.init(jax.random.key(1), x)
    logits = model.apply(variables, x)
    print(logits.shape, variables["params"]["w_in"].shape)
    return None
