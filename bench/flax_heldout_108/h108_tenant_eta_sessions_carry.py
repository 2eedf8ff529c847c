# label: ok
# flax-error: none
# class: 4 ETAService._sessions[tenant] (filled by register) -> TenantSession.params -> predict_leg applies with mutable=["cache"] and the cache travels in the scan carry
"""Per-tenant route ETA service: each logistics tenant gets a decoder session with a leg cache."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class LegDecoder(nn.Module):
    hidden: int = 16
    max_legs: int = 8

    @nn.compact
    def __call__(self, leg):
        history = self.variable("cache", "history", jnp.zeros, (self.max_legs, self.hidden))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        h = nn.tanh(nn.Dense(self.hidden)(leg))
        history.value = history.value.at[index.value].set(h)
        index.value = index.value + 1
        context = history.value.sum(0) / index.value
        return nn.softplus(nn.Dense(1)(context))[0]


class TenantSession:
    def __init__(self, model, variables):
        self.params = variables["params"]
        self.empty_cache = variables["cache"]
        self.decoder = model

    def predict_leg(self, leg, cache):
        minutes, updated = self.decoder.apply({"params": self.params, "cache": cache}, leg, mutable=["cache"])
        return minutes, updated["cache"]


class ETAService:
    def __init__(self, model):
        self.model = model
        self._sessions = {}

    def register(self, tenant, variables):
        self._sessions[tenant] = TenantSession(self.model, variables)

    def route_eta(self, tenant, legs):
        session = self._sessions[tenant]

        def body(carry, leg):
            total, cache = carry
            minutes, cache = session.predict_leg(leg, cache)
            return (total + minutes, cache), minutes

        (total, _), per_leg = lax.scan(body, (jnp.float32(0.0), session.empty_cache), legs)
        return total, per_leg


def main():
    model = LegDecoder()
    service = ETAService(model)
    for i, tenant in enumerate(("north-freight", "harbor-couriers")):
        service.register(tenant, model.init(jax.random.key(i), jnp.zeros((5,))))
    legs = jax.random.uniform(jax.random.key(7), (6, 5))
    total, per_leg = service.route_eta("harbor-couriers", legs)
    print(float(total), per_leg.shape)
    return None
