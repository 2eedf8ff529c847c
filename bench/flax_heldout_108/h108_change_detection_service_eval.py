# label: ok
# flax-error: none
# class: 4 ChangeDetectionService.sessions[region] -> EncoderSession.bound (model.bind, read-only) -> encode() in the fori_loop body runs BatchNorm on its stored statistics
"""Satellite image change detection: per-region encoder sessions adapt BatchNorm to a new sensor."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class TileEncoder(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, tiles, adapt: bool = False):
        x = nn.Conv(self.features, (3, 3))(tiles)
        x = nn.BatchNorm(use_running_average=not adapt, momentum=0.9)(x)
        return nn.relu(x).mean(axis=(1, 2))


class EncoderSession:
    """An encoder bound to one region's weights; adapts its BatchNorm to the region's sensor."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables)

    def encode(self, tiles):
        return self.bound(tiles, adapt=False)

    def export_variables(self):
        return self.bound.variables


class ChangeDetectionService:
    def __init__(self, model):
        self.model = model
        self.sessions = {}

    def open_region(self, region, variables):
        self.sessions[region] = EncoderSession(self.model, variables)

    def recalibrate(self, region, before, after):
        session = self.sessions[region]

        def body(i, drift):
            a = session.encode(before[i])
            b = session.encode(after[i])
            return drift + jnp.abs(a - b).mean()

        return jax.lax.fori_loop(0, before.shape[0], body, jnp.float32(0.0))

    def change_map(self, region, before, after):
        variables = self.sessions[region].export_variables()
        za = self.model.apply(variables, before)
        zb = self.model.apply(variables, after)
        return jnp.linalg.norm(za - zb, axis=-1)


def main():
    model = TileEncoder()
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    variables = model.init(k1, jnp.zeros((1, 16, 16, 4)))
    service = ChangeDetectionService(model)
    service.open_region("delta-07", variables)
    before = jax.random.normal(k2, (3, 2, 16, 16, 4))
    after = before + 0.1 * jax.random.normal(k3, before.shape)
    drift = service.recalibrate("delta-07", before, after)
    changes = service.change_map("delta-07", before[0], after[0])
    print(float(drift), changes.shape)
    return None
