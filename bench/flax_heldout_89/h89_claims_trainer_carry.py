# label: ok
# flax-error: none
# class: 3 batch_stats sit on trainer.state (a dataclass); the scan carries them and the trainer stores the final carry after the loop
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

    def _forward(self, batch_stats, batch):
        variables = {"params": self.state.params, "batch_stats": batch_stats}
        logits, updates = self.model.apply(variables, batch["features"], train=True, mutable=["batch_stats"])
        return logits, updates["batch_stats"]

    def run_epoch(self, batches):
        def body(carry, batch):
            loss_sum, batch_stats = carry
            logits, batch_stats = self._forward(batch_stats, batch)
            logp = jax.nn.log_softmax(logits)
            loss = -jnp.mean(jnp.take_along_axis(logp, batch["queue"][:, None], axis=1))
            return (loss_sum + loss, batch_stats), loss

        (total, batch_stats), per_batch = lax.scan(body, (jnp.float32(0.0), self.state.batch_stats), batches)
        self.state.batch_stats = batch_stats
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
