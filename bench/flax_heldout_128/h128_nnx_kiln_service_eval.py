# label: ok
# flax-error: none
# class: 4 KilnService.firing_profile -> self.pool[kiln_id].adapter -> its BatchNorm model, switched to eval mode with model.eval() before the while_loop, only read in the body
"""Ceramics kiln control service: predict glaze maturity until the firing is judged done.

The service keeps a pool of sessions, one per kiln, each with its own model; a request
walks the thermocouple readings with a while_loop until maturity passes the threshold.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class GlazeModel(nnx.Module):
    def __init__(self, rngs):
        self.inp = nnx.Linear(4, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, momentum=0.9, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, readings):
        return nnx.sigmoid(self.out(nnx.relu(self.norm(self.inp(readings)))))[..., 0]


class CelsiusAdapter:
    """Adapts the kiln controller's raw millivolt channels to the model's scaled inputs."""

    def __init__(self, model, mv_per_100c=4.1):
        self.model = model
        self.scale = 1.0 / mv_per_100c

    def __call__(self, raw_mv):
        return self.model(raw_mv * self.scale)


class KilnSession:
    def __init__(self, kiln_id, seed):
        self.kiln_id = kiln_id
        self.model = GlazeModel(nnx.Rngs(seed))
        self.adapter = CelsiusAdapter(self.model)


class KilnService:
    def __init__(self, kiln_ids):
        self.pool = {kiln_id: KilnSession(kiln_id, seed) for seed, kiln_id in enumerate(kiln_ids)}

    def session(self, kiln_id):
        return self.pool[kiln_id]

    def firing_profile(self, kiln_id, readings, threshold=0.8):
        session = self.session(kiln_id)
        session.model.eval()

        def cond(state):
            i, maturity = state
            return (i < readings.shape[0]) & (maturity < threshold)

        def body(state):
            i, _ = state
            return i + 1, session.adapter(readings[i]).mean()

        return jax.lax.while_loop(cond, body, (0, jnp.zeros(())))


def main():
    readings = jax.random.normal(jax.random.key(6), (12, 8, 4))  # 12 ramps, 8 thermocouples, 4 channels
    service = KilnService(["anagama-1", "electric-2"])
    steps, maturity = service.firing_profile("anagama-1", readings)
    print(int(steps), float(maturity))
    return None
