# label: same-values
# flax-error: none
# class: 4 PricingService -> SessionPool -> Session holds the model and a request key drawn once from nnx.Rngs, passed unchanged as rngs= in the scan body
"""Hotel revenue management: Monte Carlo demand scenarios for one booking request, served from a session pool."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class DemandNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(6, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x, rngs=None):
        h = self.drop(nnx.relu(self.hidden(x)), rngs=rngs)
        return nnx.softplus(self.out(h))[..., 0]


class Session:
    def __init__(self, hotel_id: str, model: DemandNet, rngs: nnx.Rngs):
        self.hotel_id = hotel_id
        self.model = model
        self.request_key = rngs.scenarios()


class SessionPool:
    def __init__(self, hotel_ids, seed=0):
        rngs = nnx.Rngs(params=seed, dropout=seed + 1, scenarios=seed + 2)
        self.sessions = {h: Session(h, DemandNet(rngs), rngs) for h in hotel_ids}

    def get(self, hotel_id):
        return self.sessions[hotel_id]


class PricingService:
    def __init__(self, pool: SessionPool):
        self.pool = pool

    def scenarios(self, hotel_id, request, n_scenarios=8):
        session = self.pool.get(hotel_id)

        def body(best_rate, s):
            demand = session.model(request, rngs=session.request_key)
            rate = 90.0 + 60.0 * jnp.tanh(demand)
            return jnp.maximum(best_rate, rate), demand

        best, demand = scan(body, jnp.float32(0.0), jnp.arange(n_scenarios))
        return best, demand


def main():
    service = PricingService(SessionPool(["lisbon-harbour", "porto-riverside"]))
    request = jnp.array([3.0, 2.0, 0.0, 1.0, 0.5, 0.2])  # nights, guests, weekday, event, lead time, loyalty
    best, demand = service.scenarios("lisbon-harbour", request)
    return demand  # one demand scenario per loop step
