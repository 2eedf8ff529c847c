# label: ok
# flax-error: none
# class: 1 FermentSimulator.__call__ owns the 'yeast' rng stream and runs the fori_loop itself; one self.make_rng('yeast') key is drawn before the loop and the day index is folded into it
"""Wine fermentation: daily stochastic yeast activity and sugar depletion in one tank."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class FermentSimulator(nn.Module):
    days: int = 7

    @nn.compact
    def __call__(self, must):
        base_rate = self.param("base_rate", lambda key: jnp.asarray(0.15))
        temp_gain = nn.Dense(1, name="temp_gain")(must["temperature"])
        yeast_key = self.make_rng("yeast")

        def day(i, carry):
            sugar, activity_log = carry
            jitter = jax.random.normal(jax.random.fold_in(yeast_key, i), ()) * 0.2
            activity = nn.softplus(base_rate + temp_gain[0] + jitter)
            sugar = sugar * jnp.exp(-activity)
            return sugar, activity_log.at[i].set(activity)

        _, activity_log = lax.fori_loop(0, self.days, day, (must["sugar"], jnp.zeros((self.days,))))
        return activity_log


def main():
    must = {"sugar": jnp.asarray(220.0), "temperature": jnp.asarray([18.0, 0.6, 1.0])}
    model = FermentSimulator()
    variables = model.init({"params": jax.random.PRNGKey(0), "yeast": jax.random.PRNGKey(1)}, must)
    return model.apply(variables, must, rngs={"yeast": jax.random.PRNGKey(2)})
