# label: ok
# flax-error: none
# class: 3 the Rollout object's self.model and self.variables are applied inside the scan body with train=False
"""Open-loop rollout of a learned dynamics model (with BatchNorm) over an action sequence.

Twin of h196_bn_rollout: the body applies the model in eval mode, so it only reads batch_stats.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Dynamics(nn.Module):
    state_dim: int = 4

    @nn.compact
    def __call__(self, s, a, train: bool = True):
        h = nn.Dense(32)(jnp.concatenate([s, a], axis=-1))
        h = nn.BatchNorm(use_running_average=not train)(h)
        h = nn.swish(h)
        return s + nn.Dense(self.state_dim)(h)


class Rollout:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def __call__(self, s0, actions):
        def body(s, a):
            s_next = self.model.apply(self.variables, s, a, train=False)
            return s_next, s_next

        _, states = jax.lax.scan(body, s0, actions)
        return states


def main():
    model = Dynamics()
    s0 = jax.random.normal(jax.random.key(0), (3, 4))
    actions = jax.random.normal(jax.random.key(1), (10, 3, 2))
    variables = model.init(jax.random.key(2), s0, actions[0])
    states = Rollout(model, variables)(s0, actions)
    print(states.shape)
    return None


if __name__ == "__main__":
    main()
