# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 pretrain_epoch method run via apply(method=, mutable=['batch_stats']) scans windows through a train-mode BatchNorm encoder
"""Self-supervised ECG window autoencoder; BatchNorm statistics are refreshed by a pretraining pass."""
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

    def _window_loss(self, window):
        recon = self(window, train=True)
        return jnp.mean((recon - window) ** 2)

    def pretrain_epoch(self, windows):
        def body(total, window):
            return total + self._window_loss(window), None

        total, _ = jax.lax.scan(body, 0.0, windows)
        return total / windows.shape[0]


def make_windows(key, n, bs, length, leads):
    t = jnp.linspace(0, 4 * jnp.pi, length)
    beat = jnp.sin(t)[None, None, :, None] * jnp.ones((n, bs, 1, leads))
    return beat + 0.1 * jax.random.normal(key, (n, bs, length, leads))


def main():
    model = ECGAutoencoder()
    windows = make_windows(jax.random.key(0), 3, 2, 32, 2)
    variables = model.init(jax.random.key(1), windows[0])
    loss, updates = model.apply(variables, windows,
                                method=ECGAutoencoder.pretrain_epoch, mutable=["batch_stats"])
    variables = {**variables, **updates}
    embeddings = model.apply(variables, windows[0], method=ECGAutoencoder.encode)
    float(loss + embeddings.mean())
    return None
