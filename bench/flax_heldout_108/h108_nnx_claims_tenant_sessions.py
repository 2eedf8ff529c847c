# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 TriageService.sessions[tenant] (filled by register) -> TenantSession.rngs (nnx.Rngs "route" stream) -> session.route calls rngs.route() inside the fori_loop body
"""Insurance claims triage (NNX): per-tenant sessions sample routing decisions for load tests."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class TriagePolicy(nnx.Module):
    def __init__(self, n_features, n_queues, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 16, rngs=rngs)
        self.queues = nnx.Linear(16, n_queues, rngs=rngs)

    def __call__(self, claims):
        return self.queues(nnx.tanh(self.hidden(claims)))


class TenantSession:
    def __init__(self, policy, seed):
        self.policy = policy
        self.rngs = nnx.Rngs(route=seed)

    def route(self, claims, step):
        return jax.random.categorical(self.rngs.route(), self.policy(claims))


class TriageService:
    def __init__(self):
        self.sessions = {}

    def register(self, tenant, policy, seed):
        self.sessions[tenant] = TenantSession(policy, seed)

    def load_test(self, tenant, claims, steps):
        session = self.sessions[tenant]

        def body(step, routed):
            return routed.at[step].set(session.route(claims, step))

        empty = jnp.zeros((steps, claims.shape[0]), jnp.int32)
        return jax.lax.fori_loop(0, steps, body, empty)


def main():
    service = TriageService()
    for i, tenant in enumerate(("mutual-west", "coastal-auto")):
        service.register(tenant, TriagePolicy(6, 4, rngs=nnx.Rngs(i)), seed=100 + i)
    claims = jax.random.normal(jax.random.key(3), (10, 6))
    return service.load_test("coastal-auto", claims, steps=6)
