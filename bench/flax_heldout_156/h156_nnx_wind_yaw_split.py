# label: ok
# flax-error: none
# class: 3 OnlineTuner keeps self.policy and self.optimizer (nnx.Optimizer); nnx.split((policy, optimizer)) is carried through the fori_loop, merged in the body and nnx.update'd after
"""Wind-farm yaw control: a policy is tuned online against wake-loss targets."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class YawPolicy(nnx.Module):
    def __init__(self, sensors, rngs):
        self.hidden = nnx.Linear(sensors, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, wind):
        return jnp.tanh(self.out(nnx.relu(self.hidden(wind))))[..., 0]


def wake_loss(policy, wind, target):
    return jnp.mean((policy(wind) - target) ** 2)


class OnlineTuner:
    def __init__(self, policy, learning_rate):
        self.policy = policy
        self.optimizer = nnx.Optimizer(policy, optax.adam(learning_rate), wrt=nnx.Param)

    def tune(self, winds, targets):
        graphdef, state = nnx.split((self.policy, self.optimizer))

        def body(i, carry):
            state, total = carry
            policy, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(wake_loss)(policy, winds[i], targets[i])
            optimizer.update(policy, grads)
            return nnx.state((policy, optimizer)), total + loss

        state, total = lax.fori_loop(0, winds.shape[0], body, (state, jnp.zeros(())))
        nnx.update((self.policy, self.optimizer), state)
        return total


def main():
    policy = YawPolicy(sensors=5, rngs=nnx.Rngs(0))
    k1, k2 = jax.random.split(jax.random.key(1))
    winds = jax.random.normal(k1, (6, 8, 5))
    targets = jax.random.uniform(k2, (6, 8), minval=-0.5, maxval=0.5)
    tuner = OnlineTuner(policy, learning_rate=1e-2)
    print(float(tuner.tune(winds, targets)))
    return None
