# label: ok
# flax-error: none
# class: 5 make_mc_predictor closes over the model and its variables; the returned predict() applies them with running averages and MC dropout inside lax.fori_loop
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class UncertaintyNet(nn.Module):
    hidden: int = 16
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, *, train: bool, mc_dropout: bool = False):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x)
        x = nn.Dropout(self.rate, deterministic=not (train or mc_dropout))(x)
        return nn.Dense(1)(x)


def make_mc_predictor(model, variables, num_samples):
    def predict(x, key):
        def body(i, preds):
            sample_key = jax.random.fold_in(key, i)
            y = model.apply(variables, x, train=False, mc_dropout=True, rngs={'dropout': sample_key})
            return preds.at[i].set(y)

        preds = jnp.zeros((num_samples,) + x.shape[:-1] + (1,))
        return lax.fori_loop(0, num_samples, body, preds)

    return predict


def main():
    model = UncertaintyNet()
    x_train = jax.random.normal(jax.random.key(0), (8, 3))
    variables = model.init(jax.random.key(1), x_train, train=False)
    _, updates = model.apply(variables, x_train, train=True, rngs={'dropout': jax.random.key(2)},
                             mutable=['batch_stats'])
    variables = {'params': variables['params'], **updates}
    predict = make_mc_predictor(model, variables, num_samples=5)
    x_test = jnp.ones((4, 3))
    return predict(x_test, jax.random.key(3))
