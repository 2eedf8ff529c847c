# label: ok
# flax-error: none
# class: 2 'replay' collection variable not touched in the lax.fori_loop; the count is carried through the loop and written once after it; apply mutable=['replay']
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

        def replay_one(i, carry):
            acc, count = carry
            r = head(nn.relu(enc(replay_x[i])))
            return acc + jax.nn.logsumexp(r), count + 1

        replay_lse, count = jax.lax.fori_loop(0, replay_x.shape[0], replay_one, (jnp.zeros(()), jnp.zeros((), jnp.int32)))
        seen.value = count
        return logits, replay_lse / replay_x.shape[0]


def main():
    model = ReplayLearner()
    x = jnp.ones((3, 8))
    replay_x = jnp.ones((4, 8))
    variables = model.init(jax.random.PRNGKey(0), x, replay_x)
    (logits, lse), state = model.apply(variables, x, replay_x, mutable=["replay"])
    print(logits.shape, lse, int(state["replay"]["seen"]))
    return None
