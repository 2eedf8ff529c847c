# label: same-values
# flax-error: none
# class: 2 GradingService passes its stored self.dropout_key as rngs to model.apply in every step of the scan body
import jax
import jax.numpy as jnp
import flax.linen as nn


class Grader(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, essay):
        h = nn.relu(nn.Dense(self.hidden)(essay))
        h = nn.Dropout(self.rate, deterministic=False)(h)
        return nn.Dense(1)(h)[..., 0]


class GraderEnsemble(nn.Module):
    n_members: int = 3

    def setup(self):
        self.members = [Grader(name=f"grader_{i}") for i in range(self.n_members)]

    def __call__(self, essay):
        return jnp.mean(jnp.stack([m(essay) for m in self.members]), axis=0)


class GradingService:
    """MC-dropout scores for one essay batch; the spread is reported as uncertainty."""

    def __init__(self, model, variables, seed):
        self.model = model
        self.variables = variables
        self.dropout_key = jax.random.PRNGKey(seed)

    def mc_scores(self, essays, n_samples):
        def body(carry, _):
            s = self.model.apply(self.variables, essays, rngs={"dropout": self.dropout_key})
            return carry, s

        _, samples = jax.lax.scan(body, None, None, length=n_samples)
        return samples


def main():
    model = GraderEnsemble()
    essays = jnp.ones((4, 20))
    variables = model.init(jax.random.PRNGKey(0), essays)
    return GradingService(model, variables, seed=7).mc_scores(essays, 5)
