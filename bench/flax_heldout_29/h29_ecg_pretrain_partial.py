# label: ok
# flax-error: none
# class: 4 scan body calls a functools.partial of model.apply with mutable=['batch_stats'] and carries the returned stats
"""Self-supervised ECG window autoencoder; BatchNorm statistics are refreshed by a pretraining pass."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class ConvBlock(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(self.features, kernel_size=(5,), padding="SAME")(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.gelu(x)


class ECGAutoencoder(nn.Module):
    leads: int = 2
    widths: tuple = (8, 8)

    def setup(self):
        self.blocks = [ConvBlock(w) for w in self.widths]
        self.recon = nn.Conv(self.leads, kernel_size=(3,), padding="SAME")

    def encode(self, x, train: bool = False):
        for block in self.blocks:
            x = block(x, train)
        return x

    def __call__(self, x, train: bool = False):
        return self.recon(self.encode(x, train))


def make_pretrain_epoch(model):
    forward = functools.partial(model.apply, train=True, mutable=["batch_stats"])

    def epoch(params, batch_stats, windows):
        def body(carry, window):
            total, stats = carry
            recon, updates = forward({"params": params, "batch_stats": stats}, window)
            loss = jnp.mean((recon - window) ** 2)
            return (total + loss, updates["batch_stats"]), None

        (total, batch_stats), _ = jax.lax.scan(body, (0.0, batch_stats), windows)
        return total / windows.shape[0], batch_stats

    return epoch


def make_windows(key, n, bs, length, leads):
    t = jnp.linspace(0, 4 * jnp.pi, length)
    beat = jnp.sin(t)[None, None, :, None] * jnp.ones((n, bs, 1, leads))
    return beat + 0.1 * jax.random.normal(key, (n, bs, length, leads))


def main():
    model = ECGAutoencoder()
    windows = make_windows(jax.random.key(0), 3, 2, 32, 2)
    variables = model.init(jax.random.key(1), windows[0])
    epoch = make_pretrain_epoch(model)
    loss, batch_stats = epoch(variables["params"], variables["batch_stats"], windows)
    variables = {"params": variables["params"], "batch_stats": batch_stats}
    embeddings = model.apply(variables, windows[0], method=ECGAutoencoder.encode)
    float(loss + embeddings.mean())
    return None
