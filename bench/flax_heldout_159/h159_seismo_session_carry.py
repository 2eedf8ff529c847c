# label: ok
# flax-error: none
# class: 4 a session in the service's pool holds the model and its variables, and the stream body applies it with the batch stats in the scan carry
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
        self.model = model
        self.variables = variables

    def stream(self, windows):
        params = self.variables["params"]

        def on_window(carry, window):
            energy, stats = carry
            clean, updates = self.model.apply(
                {"params": params, "batch_stats": stats}, window, mutable=["batch_stats"])
            return (energy + jnp.sum(clean ** 2), updates["batch_stats"]), clean

        (energy, stats), cleaned = jax.lax.scan(
            on_window, (jnp.zeros(()), self.variables["batch_stats"]), windows)
        self.variables = {"params": params, "batch_stats": stats}
        return energy, cleaned

    def export_stats(self):
        return self.variables["batch_stats"]


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
