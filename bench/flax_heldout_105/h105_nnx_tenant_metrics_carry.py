# label: ok
# flax-error: none
# class: 4 the while_loop body reaches service.sessions[tenant].loss_metric, an nnx.metrics.Average; the losses leave the loop in a carried buffer and update the metric afterwards
"""Document OCR scoring service (NNX): each tenant has its own line recognizer.

ScoringService keeps a dict of TenantSession objects keyed by tenant id; score_batches()
walks a tenant's queued batches until the queue is empty or the budget is used up and
records the loss in the tenant's running metric.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class LineRecognizer(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Linear(20, 12, rngs=rngs)
        self.cls = nnx.Linear(12, 6, rngs=rngs)

    def __call__(self, x):
        return self.cls(nnx.relu(self.conv(x)))


class TenantSession:
    def __init__(self, tenant_id: str, seed: int):
        self.tenant_id = tenant_id
        self.model = LineRecognizer(nnx.Rngs(seed))
        self.loss_metric = nnx.metrics.Average()


class ScoringService:
    def __init__(self):
        self.sessions: dict[str, TenantSession] = {}

    def register(self, tenant_id, seed):
        self.sessions[tenant_id] = TenantSession(tenant_id, seed)

    def score_batches(self, tenant_id, batches, labels, n_queued, budget=8):
        def cond(state):
            i, _, _ = state
            return (i < n_queued) & (i < budget)

        def body(state):
            i, worst, losses = state
            session = self.sessions[tenant_id]
            logits = session.model(batches[i])
            loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[i][:, None], axis=1))
            return i + 1, jnp.maximum(worst, loss), losses.at[i].set(loss)

        init = (0, jnp.zeros(()), jnp.zeros((budget,)))
        n_done, worst, losses = lax.while_loop(cond, body, init)
        self.sessions[tenant_id].loss_metric.update(values=losses[: int(n_done)])
        return worst


def main():
    service = ScoringService()
    service.register("harbor-logistics", 0)
    service.register("civic-records", 1)
    batches = jax.random.normal(jax.random.key(2), (8, 4, 20))
    labels = jax.random.randint(jax.random.key(3), (8, 4), 0, 6)
    for tenant in service.sessions:
        service.score_batches(tenant, batches, labels, n_queued=5)
        service.sessions[tenant].loss_metric.compute()
    return None
