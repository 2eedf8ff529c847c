# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "seen" in "/" because collection "replay" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 'replay' collection variable captured by a closure in @nn.compact and written inside the lax.fori_loop body; apply is not mutable
"""Continual learning with experience replay: reservoir bookkeeping inside the model.

The learner keeps a count of replayed examples in a 'replay' collection so that the reservoir
probability can be computed; it walks the replay batch with lax.fori_loop.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ReplayLearner(nn.Module):
    n_classes: int = 5
    hidden: int = 32

    @nn.compact
    def __call__(self, x, replay_x):
        enc = nn.Dense(self.hidden, name="enc")
        head = nn.Dense(self.n_classes, name="head")
        seen = self.variable("replay", "seen", lambda: jnp.zeros((), jnp.int32))
        logits = head(nn.relu(enc(x)))

        def replay_one(i, acc):
            r = head(nn.relu(enc(replay_x[i])))
            seen.value = i + 1  # replayed so far in this batch
            return acc + jax.nn.logsumexp(r)

        replay_lse = jax.lax.fori_loop(0, replay_x.shape[0], replay_one, jnp.zeros(()))
        return logits, replay_lse / replay_x.shape[0]


def main():
    model = ReplayLearner()
    x = jnp.ones((3, 8))
    replay_x = jnp.ones((4, 8))
    variables = model.init(jax.random.PRNGKey(0), x, replay_x)
    logits, lse = model.apply(variables, x, replay_x)
    print(logits.shape, lse)
    return None
