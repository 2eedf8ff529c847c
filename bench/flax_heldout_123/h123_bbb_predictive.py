# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "draws" in "/net/l1" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 Predictor.predictive's while_loop body reaches the 'counters' variables of self.net.l1 / self.net.l2 (apply without mutable)
"""Bayes-by-backprop regression net whose BayesDense layers count their weight draws in a
'counters' collection. Predictor.predictive draws posterior predictive samples with a
lax.while_loop that calls self.net in the body; apply is called with only an rng for 'weights'."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

NUM_SAMPLES = 8


class BayesDense(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        shape = (x.shape[-1], self.features)
        mu = self.param("mu", nn.initializers.lecun_normal(), shape)
        rho = self.param("rho", nn.initializers.constant(-3.0), shape)
        draws = self.variable("counters", "draws", lambda: jnp.zeros((), jnp.int32))
        eps = jax.random.normal(self.make_rng("weights"), shape)
        if not self.is_initializing():
            draws.value += 1
        return x @ (mu + nn.softplus(rho) * eps)


class BNN(nn.Module):
    def setup(self):
        self.l1 = BayesDense(32)
        self.l2 = BayesDense(1)

    def __call__(self, x):
        return self.l2(jnp.tanh(self.l1(x)))


class Predictor(nn.Module):
    def setup(self):
        self.net = BNN()

    def __call__(self, x):
        return self.net(x)

    def predictive(self, x, num_samples):
        def cond(state):
            return state[0] < num_samples

        def body(state):
            i, preds = state
            return i + 1, preds.at[i].set(self.net(x))

        init = (0, jnp.zeros((num_samples, x.shape[0], 1)))
        return lax.while_loop(cond, body, init)[1]


def main():
    x = jnp.linspace(-3, 3, 12)[:, None]
    model = Predictor()
    variables = model.init({"params": jax.random.PRNGKey(0), "weights": jax.random.PRNGKey(1)}, x)
    preds = model.apply(variables, x, NUM_SAMPLES, method=Predictor.predictive,
                        rngs={"weights": jax.random.PRNGKey(2)})
    return preds  # (samples, batch, 1)


if __name__ == "__main__":
    print(main().std(0).mean())
