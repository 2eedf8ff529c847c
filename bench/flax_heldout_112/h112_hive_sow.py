# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the encoder's own __call__ runs the scan over audio frames and sows each frame's energy into 'intermediates' from inside the body
"""Beehive acoustics: a swarming alarm from the hum of a hive.

The encoder summarises microphone frames recursively; the monitoring job reads the per-frame
energy that the encoder sows, to report the loudest moment of the window."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class HiveAcousticEncoder(nn.Module):
    state_dim: int = 16

    @nn.compact
    def __call__(self, frames):
        n_bands = frames.shape[-1]
        w_in = self.param("w_in", nn.initializers.lecun_normal(), (n_bands, self.state_dim))
        w_rec = self.param("w_rec", nn.initializers.orthogonal(), (self.state_dim, self.state_dim))

        def step(h, frame):
            h = jnp.tanh(frame @ w_in + h @ w_rec)
            energy = jnp.mean(h ** 2, axis=-1)
            self.sow("intermediates", "frame_energy", energy)
            return h, None

        h0 = jnp.zeros(frames.shape[1:-1] + (self.state_dim,))
        h, _ = lax.scan(step, h0, frames)
        return nn.Dense(1)(h).squeeze(-1)


class SwarmMonitor:
    def __init__(self, encoder, params):
        self.encoder = encoder
        self.params = params

    def check_window(self, frames):
        logit, inter = self.encoder.apply(
            {"params": self.params}, frames, mutable=["intermediates"]
        )
        energy = jnp.stack(inter["intermediates"]["frame_energy"])
        return jax.nn.sigmoid(logit), jnp.max(energy)


def main():
    frames = jax.random.normal(jax.random.key(0), (20, 3, 24))  # 20 frames, 3 hives, 24 bands
    encoder = HiveAcousticEncoder()
    params = encoder.init(jax.random.key(1), frames)["params"]
    monitor = SwarmMonitor(encoder, params)
    prob, peak = monitor.check_window(frames)
    float(peak)
    return None
