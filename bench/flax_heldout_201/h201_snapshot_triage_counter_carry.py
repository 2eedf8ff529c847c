# label: ok
# flax-error: none
# class: 4 TriageService.score_batch -> self.registry.deployment(name) (Deployment rebuilt from a plain-dict snapshot) -> .predict applied in the scan body, telemetry carried
"""Claims-triage model served from plain-dict snapshots.

Training exports the variables as a nested dict of numpy arrays; the serving side
rebuilds them against an abstract template and scores each claim in a batch. The
model counts the claims it has seen in a `telemetry` collection, which the service
threads through the scan carry and keeps after the batch.
"""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from flax import serialization
from jax.lax import scan


class TriageNet(nn.Module):
    n_queues: int = 3

    @nn.compact
    def __call__(self, claim):
        seen = self.variable("telemetry", "claims_seen", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            seen.value = seen.value + 1
        h = nn.tanh(nn.Dense(12)(claim))
        return nn.Dense(self.n_queues)(h)


def export_snapshot(variables):
    return jax.tree.map(np.asarray, serialization.to_state_dict(variables))


@dataclasses.dataclass
class Deployment:
    module: nn.Module
    variables: dict

    def predict(self, claim, telemetry):
        logits, updates = self.module.apply(
            {"params": self.variables["params"], "telemetry": telemetry}, claim, mutable=["telemetry"]
        )
        return jnp.argmax(logits), updates["telemetry"]


class ModelRegistry:
    def __init__(self, module, example):
        self.module = module
        self.template = jax.eval_shape(lambda: module.init(jax.random.PRNGKey(0), example))
        self.snapshots = {}

    def publish(self, name, snapshot):
        self.snapshots[name] = snapshot

    def deployment(self, name):
        restored = serialization.from_state_dict(self.template, self.snapshots[name])
        restored = jax.tree.map(jnp.asarray, restored)
        return Deployment(self.module, restored)


class TriageService:
    def __init__(self, registry, model_name):
        self.registry = registry
        self.model_name = model_name
        self.telemetry = None

    def score_batch(self, claims):
        deployment = self.registry.deployment(self.model_name)

        def score(carry, claim):
            n_urgent, telemetry = carry
            queue, telemetry = deployment.predict(claim, telemetry)
            return (n_urgent + (queue == 0), telemetry), queue

        carry0 = (jnp.zeros((), jnp.int32), deployment.variables["telemetry"])
        (n_urgent, self.telemetry), queues = scan(score, carry0, claims)
        return n_urgent, queues


def main():
    module = TriageNet()
    example = jnp.zeros((7,))
    variables = module.init(jax.random.PRNGKey(0), example)
    registry = ModelRegistry(module, example)
    registry.publish("triage-v3", export_snapshot(variables))
    service = TriageService(registry, "triage-v3")
    claims = jax.random.normal(jax.random.PRNGKey(5), (10, 7))
    n_urgent, queues = service.score_batch(claims)
    jax.block_until_ready((queues, service.telemetry))
    return None
