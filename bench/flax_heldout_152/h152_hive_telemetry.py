# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "frames_seen" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 HiveMonitor.bound = model.bind(variables); the fori_loop body calls the bound module, which counts frames in the "telemetry" collection
import jax
import jax.numpy as jnp
import flax.linen as nn


class ColonyModel(nn.Module):
    states: int = 6

    @nn.compact
    def __call__(self, frame):
        seen = self.variable("telemetry", "frames_seen", lambda: jnp.zeros((), jnp.int32))
        acoustic = nn.Dense(self.states, name="acoustic")(frame)
        if not self.is_initializing():
            seen.value = seen.value + 1
        return jax.nn.log_softmax(acoustic)


class HiveMonitor:
    SWARM = 0

    def __init__(self, model, variables):
        self.model = model
        self.bound = model.bind(variables)

    def swarm_score(self, frames):
        def body(i, score):
            logp = self.bound(frames[i])
            return score + logp[..., self.SWARM].mean()

        return jax.lax.fori_loop(0, frames.shape[0], body, jnp.float32(0.0))


def main():
    model = ColonyModel()
    frames = jax.random.normal(jax.random.key(2), (9, 3, 20))
    variables = model.init(jax.random.key(0), frames[0])
    monitor = HiveMonitor(model, variables)
    monitor.swarm_score(frames)
    return None
