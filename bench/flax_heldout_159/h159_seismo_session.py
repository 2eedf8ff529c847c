# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a session in the service's pool holds model.bind(variables, mutable=["batch_stats"]) and the stream body calls the bound module
"""Seismograph denoising service: one streaming session per station, all sharing a trained model."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class TraceDenoiser(nn.Module):
    channels: int = 3

    @nn.compact
    def __call__(self, window, train: bool = True):
        h = nn.Dense(16)(window)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        return window - nn.Dense(self.channels)(nn.gelu(h))


class StationSession:
    def __init__(self, station_id, model, variables):
        self.station_id = station_id
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def stream(self, windows):
        def on_window(energy, window):
            clean = self.bound(window)
            return energy + jnp.sum(clean ** 2), clean

        return jax.lax.scan(on_window, jnp.zeros(()), windows)

    def export_stats(self):
        return self.bound.variables["batch_stats"]


class DenoiseService:
    def __init__(self, model, variables, stations):
        self.sessions = {sid: StationSession(sid, model, variables) for sid in stations}

    def ingest(self, station_id, windows):
        return self.sessions[station_id].stream(windows)

    def checkpoint(self):
        return {
            sid: jax.tree.map(lambda a: float(jnp.linalg.norm(a)), s.export_stats())
            for sid, s in self.sessions.items()
        }


def main():
    model = TraceDenoiser()
    windows = jax.random.normal(jax.random.key(1), (5, 4, 3))
    variables = model.init(jax.random.key(0), windows[0])
    service = DenoiseService(model, variables, ["ANMO", "COLA"])
    energy, _ = service.ingest("ANMO", windows)
    jax.block_until_ready(energy)
    service.checkpoint()
    return None
