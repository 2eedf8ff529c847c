# label: same-values
# flax-error: none
# class: 4 ServingGateway.pool.sessions[name].rngs: one key drawn from the session's nnx.Rngs stream before the scan is passed as the dropout key of every sample
"""Model serving gateway: a named pool of sessions serves a triage model; each request gets
Monte Carlo dropout samples drawn from the session's own random stream."""

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class TriageModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.body = nnx.Linear(6, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.head = nnx.Linear(24, 3, rngs=rngs)

    def __call__(self, x, *, rngs=None):
        return self.head(self.drop(nnx.relu(self.body(x)), rngs=rngs))


class Session:
    def __init__(self, model, seed):
        self.model = model
        self.rngs = nnx.Rngs(dropout=seed)
        self.requests = 0


class SessionPool:
    def __init__(self, model, names):
        self.sessions = {name: Session(model, seed) for seed, name in enumerate(names)}

    def get(self, name):
        return self.sessions[name]


class ServingGateway:
    def __init__(self, pool, samples=5):
        self.pool = pool
        self.samples = samples

    def predict(self, tenant, features):
        session = self.pool.get(tenant)
        session.requests += 1
        key = session.rngs.dropout()

        def body(carry, _):
            probs = jax.nn.softmax(session.model(features, rngs=key))
            return carry, probs

        _, draws = scan(body, None, jnp.arange(self.samples))
        return draws


def main():
    model = TriageModel(nnx.Rngs(0))
    gateway = ServingGateway(SessionPool(model, ["clinic-a", "clinic-b"]))
    features = jnp.linspace(0.0, 1.0, 12).reshape(2, 6)
    return gateway.predict("clinic-b", features)
