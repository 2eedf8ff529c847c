# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 batch_stats sit on trainer.state (a dataclass) and the scan body writes the updated stats back onto it
"""Insurance-claims triage: a trainer that runs one pass of BatchNorm warm-up with lax.scan."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ClaimEncoder(nn.Module):
    hidden: int = 16
    n_queues: int = 3  # fast-track / adjuster review / fraud investigation

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(self.n_queues)(x)


@dataclasses.dataclass
class TriageState:
    params: dict
    batch_stats: dict
    step: int = 0


class ClaimsTriageTrainer:
    def __init__(self, model: nn.Module, state: TriageState):
        self.model = model
        self.state = state

    def _forward(self, batch):
        variables = {"params": self.state.params, "batch_stats": self.state.batch_stats}
        logits, updates = self.model.apply(variables, batch["features"], train=True, mutable=["batch_stats"])
        self.state.batch_stats = updates["batch_stats"]
        return logits

    def run_epoch(self, batches):
        def body(loss_sum, batch):
            logits = self._forward(batch)
            logp = jax.nn.log_softmax(logits)
            loss = -jnp.mean(jnp.take_along_axis(logp, batch["queue"][:, None], axis=1))
            return loss_sum + loss, loss

        total, per_batch = lax.scan(body, jnp.float32(0.0), batches)
        self.state.step += per_batch.shape[0]
        return total

    def triage(self, features):
        variables = {"params": self.state.params, "batch_stats": self.state.batch_stats}
        return jnp.argmax(self.model.apply(variables, features, train=False), axis=-1)


def main():
    model = ClaimEncoder()
    rng = jax.random.key(0)
    feats = jax.random.normal(rng, (4, 8, 12))
    queues = jax.random.randint(jax.random.key(1), (4, 8), 0, 3)
    variables = model.init(rng, feats[0], train=False)
    trainer = ClaimsTriageTrainer(model, TriageState(variables["params"], variables["batch_stats"]))
    trainer.run_epoch({"features": feats, "queue": queues})
    trainer.triage(feats[0]).block_until_ready()
    return None
