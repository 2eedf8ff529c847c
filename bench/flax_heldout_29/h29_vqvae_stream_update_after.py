# label: ok
# flax-error: none
# class: 3 encode_stream method run via apply(method=, mutable=['vq_stats']) only reads the codebook in the scan body and updates the EMA once after the loop
"""VQ-VAE tokenizer for sensor streams with an EMA-updated codebook (custom 'vq_stats' collection)."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class EMAQuantizer(nn.Module):
    num_codes: int = 8
    dim: int = 4
    decay: float = 0.9

    def setup(self):
        init = lambda: jax.random.normal(jax.random.key(0), (self.num_codes, self.dim))
        self.codebook = self.variable("vq_stats", "codebook", init)
        self.ema_count = self.variable("vq_stats", "count", lambda: jnp.ones(self.num_codes))
        self.ema_sum = self.variable("vq_stats", "sum", lambda: self.codebook.value)

    def assign(self, z):
        d = jnp.sum((z[:, None, :] - self.codebook.value[None]) ** 2, axis=-1)
        return jnp.argmin(d, axis=-1)

    def update_ema(self, z, onehot):
        self.ema_count.value = self.decay * self.ema_count.value + (1 - self.decay) * onehot.sum(0)
        self.ema_sum.value = self.decay * self.ema_sum.value + (1 - self.decay) * onehot.T @ z
        self.codebook.value = self.ema_sum.value / self.ema_count.value[:, None]

    def __call__(self, z, update: bool):
        idx = self.assign(z)
        onehot = jax.nn.one_hot(idx, self.num_codes)
        if update and not self.is_initializing():
            self.update_ema(z, onehot)
        return self.codebook.value[idx], idx


class StreamTokenizer(nn.Module):
    def setup(self):
        self.encoder = nn.Dense(4)
        self.quantizer = EMAQuantizer()

    def __call__(self, x, update: bool = False):
        return self.quantizer(self.encoder(x), update)

    def encode_stream(self, chunks):
        def body(carry, chunk):
            z = self.encoder(chunk)
            return carry, (z, self.quantizer.assign(z))

        _, (zs, codes) = jax.lax.scan(body, None, chunks)
        flat_z = zs.reshape(-1, zs.shape[-1])
        self.quantizer.update_ema(flat_z, jax.nn.one_hot(codes.reshape(-1), 8))
        return codes


def main():
    model = StreamTokenizer()
    chunks = jax.random.normal(jax.random.key(1), (3, 10, 6))
    variables = model.init(jax.random.key(2), chunks[0])
    codes, state = model.apply(variables, chunks, method=StreamTokenizer.encode_stream,
                               mutable=["vq_stats"])
    variables = {**variables, **state}
    quantized, _ = model.apply(variables, chunks[0])
    print("codes used", jnp.unique(codes).size, float(quantized.mean()))
    return None
