# label: ok
# flax-error: none
# class: 3 HiveMonitor.variables go through the fori_loop carry; the body applies with mutable=["telemetry"] and returns the counts
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
        self.variables = variables

    def swarm_score(self, frames):
        def body(i, carry):
            score, variables = carry
            logp, mutated = self.model.apply(variables, frames[i], mutable=["telemetry"])
            return score + logp[..., self.SWARM].mean(), {**variables, **mutated}

        score, self.variables = jax.lax.fori_loop(
            0, frames.shape[0], body, (jnp.float32(0.0), self.variables)
        )
        return score


def main():
    model = ColonyModel()
    frames = jax.random.normal(jax.random.key(2), (9, 3, 20))
    variables = model.init(jax.random.key(0), frames[0])
    monitor = HiveMonitor(model, variables)
    monitor.swarm_score(frames)
    return None
