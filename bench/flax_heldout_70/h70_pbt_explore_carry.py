# label: ok
# flax-error: none
# class: 2 'pbt' collection variable (learning-rate scale) read before the lax.fori_loop, perturbed in the loop carry and written once after it; apply mutable=['pbt']
"""Population-based training member with its hyperparameters stored in the model (Linen).

The learning-rate scale lives in a 'pbt' collection so it is checkpointed with the member.
The explore step applies several multiplicative perturbations in a lax.fori_loop.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Member(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x, perturb):
        lr_scale = self.variable("pbt", "lr_scale", lambda: jnp.ones(()))
        y = nn.Dense(1)(nn.relu(nn.Dense(self.hidden)(x)))

        def explore(i, scale):
            return jnp.clip(scale * perturb[i], 1e-3, 10.0)

        lr_scale.value = jax.lax.fori_loop(0, perturb.shape[0], explore, lr_scale.value)
        return y


def main():
    model = Member()
    x = jnp.ones((4, 3))
    variables = model.init(jax.random.PRNGKey(0), x, jnp.ones((1,)))
    perturb = jnp.array([0.8, 1.2, 1.2])
    _, state = model.apply(variables, x, perturb, mutable=["pbt"])
    lr = 3e-4 * state["pbt"]["lr_scale"]
    print(float(lr))
    return None
